import type { BranchDiscriminator, ObjectBranch, SelectObjectBranchOptions } from '../types.js'
import { describeReceived } from './describe-received.js'

const strictlyEqual = (sent: unknown, expected: unknown): boolean => sent === expected

/** The callbacks of the options, checked: `caller` names the function in the TypeError. */
export function readChoiceOptions<B>(
  caller: string,
  options: SelectObjectBranchOptions<B>,
): { fits: SelectObjectBranchOptions<B>['fits']; tagMatches: (sent: unknown, expected: unknown) => boolean } {
  const fits = options?.fits
  if (typeof fits !== 'function')
    throw new TypeError(`${caller}: expected \`fits\` to be a function, received ${describeReceived(fits)}`)
  const tagMatches = options.tagMatches === undefined ? strictlyEqual : options.tagMatches
  if (typeof tagMatches !== 'function')
    throw new TypeError(
      `${caller}: expected \`tagMatches\` to be a function or undefined, received ${describeReceived(tagMatches)}`,
    )
  return { fits, tagMatches }
}

// Every read below asks for own keys only; indexed loops and the one
// `hasOwnProperty` keep a choice made per object value of a union cheap.
export const hasOwn = Object.prototype.hasOwnProperty

/** What the choice reads of branch `index` for one value: read directly, or remembered per key list (see createObjectBranchSelector). */
export interface BranchFacts {
  /** Whether the value owns every key the branch requires. */
  complete(branches: readonly ObjectBranch[], index: number, value: Record<string, unknown>): boolean
  /** Whether the branch declares every own key of the value. */
  covers(branches: readonly ObjectBranch[], index: number, value: Record<string, unknown>): boolean
}

export function ownsAll(value: Record<string, unknown>, required: Iterable<string>): boolean {
  if (Array.isArray(required)) {
    for (let index = 0; index < required.length; index++) if (!hasOwn.call(value, required[index]!)) return false
    return true
  }
  for (const key of required) if (!hasOwn.call(value, key)) return false
  return true
}

export const readDirectly: BranchFacts = {
  complete: (branches, index, value) => ownsAll(value, branches[index]!.required),
  covers: (branches, index, value) => {
    const branch = branches[index]!
    for (const key in value) if (hasOwn.call(value, key) && !branch.declares(key)) return false
    return true
  },
}

/** The order of selectObjectBranch (see there), written once for both its forms. */
export function chooseObjectBranch(
  branches: readonly ObjectBranch[],
  value: Record<string, unknown>,
  fits: (branch: never, value: Record<string, unknown>) => boolean,
  tagMatches: (sent: unknown, expected: unknown) => boolean,
  discriminator: BranchDiscriminator | undefined,
  facts: BranchFacts,
): number {
  if (branches.length <= 1) return branches.length - 1
  if (discriminator !== undefined) {
    const mapped = mappedBranch(branches, value, discriminator)
    if (mapped !== -1) return mapped
  }
  // One pass finds the first complete and the first covering branch; the
  // covering ones are visited again only when there are several of them.
  let complete = -1
  let covering = -1
  let several = false
  let tagged = false
  for (let index = 0; index < branches.length; index++) {
    if (branches[index]!.tags.length > 0) tagged = true
    if (!facts.complete(branches, index, value)) continue
    if (complete === -1) complete = index
    if (!facts.covers(branches, index, value)) continue
    if (covering === -1) covering = index
    else several = true
  }
  if (several) {
    for (let index = covering; index < branches.length; index++)
      if (
        facts.complete(branches, index, value) &&
        facts.covers(branches, index, value) &&
        fits(branches[index] as never, value)
      )
        return index
  }
  if (tagged)
    for (let index = 0; index < branches.length; index++)
      if (namedByTags(branches[index]!, value, tagMatches)) return index
  return covering !== -1 ? covering : complete === -1 ? 0 : complete
}

function mappedBranch(
  branches: readonly ObjectBranch[],
  value: Record<string, unknown>,
  discriminator: BranchDiscriminator,
): number {
  const name = discriminator.propertyName
  if (!hasOwn.call(value, name)) return -1
  const tag = value[name]
  const mapping = discriminator.mapping
  if (typeof tag !== 'string' || !hasOwn.call(mapping, tag)) return -1
  const target = mapping[tag]
  if (typeof target !== 'string') return -1
  for (let index = 0; index < branches.length; index++) if (branches[index]!.refs.includes(target)) return index
  return -1
}

function namedByTags(
  branch: ObjectBranch,
  value: Record<string, unknown>,
  tagMatches: (sent: unknown, expected: unknown) => boolean,
): boolean {
  const tags = branch.tags
  let named = false
  for (let index = 0; index < tags.length; index++) {
    const tag = tags[index]!
    if (!hasOwn.call(value, tag.key)) continue
    if (!tagMatches(value[tag.key], tag.value)) return false
    named = true
  }
  return named
}
