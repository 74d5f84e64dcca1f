import { describeReceived } from './internal/describe-received.js'
import { isNamedByTags } from './is-named-by-tags.js'
import type { ObjectBranch, SelectObjectBranchOptions } from './types.js'

const strictlyEqual = (sent: unknown, expected: unknown): boolean => sent === expected

/**
 * Index of the object branch of an `anyOf` / `oneOf` that an object value
 * belongs to; `-1` only when `branches` is empty.
 *
 * One definition of the choice, so that passes over the same value (type
 * coercion, key restoring) agree on the branch. In order:
 * 1. a single branch is chosen;
 * 2. a `discriminator` whose `mapping[value[propertyName]]` (an own string
 *    property of the value, mapped to a string) is one of a branch's `refs`
 *    chooses the first such branch;
 * 3. among the *complete* branches (the value owns every required key) the
 *    *covering* ones declare every own key of the value; when several cover
 *    it, the first for which `fits` answers `true` is chosen: another would
 *    turn a valid value into something else;
 * 4. else a branch named by its tags ({@link isNamedByTags}: the value owns
 *    at least one tag key, and every tag key it owns `tagMatches`): the
 *    first named one that is complete and covers the value, else the first
 *    named one (of all branches);
 * 5. else the first covering branch; else, when several are complete, the
 *    first complete one for which `fits` answers `true`; else the first
 *    complete one; else the first branch.
 *
 * Only own keys of the value count (`Object.hasOwn`), never inherited ones.
 * Cost: linear in branches x (value keys + required keys + tags), plus at
 * most three `declares` calls per (branch, value key) and at most one `fits`
 * call per branch (asked only in step 3, or in step 5 when several branches
 * are complete); those callbacks bound their own cost. Never throws unless
 * a callback does; options that are not functions throw a `TypeError`.
 *
 * @example
 * ```ts
 * const branch = (key: string, kind: string) => ({
 *   required: [key, 'kind'],
 *   declares: (name: string) => name === key || name === 'kind',
 *   tags: [{ key: 'kind', value: kind }],
 *   refs: [],
 * })
 * const branches = [branch('radius', 'circle'), branch('side', 'square')]
 * const fits = () => true
 * selectObjectBranch(branches, { kind: 'square', side: 2 }, { fits }) // => 1
 * selectObjectBranch(branches, { kind: 'square' }, { fits }) // => 1 (named by its tag)
 * selectObjectBranch([], {}, { fits }) // => -1
 * ```
 */
export function selectObjectBranch<B extends ObjectBranch>(
  branches: readonly B[],
  value: Record<string, unknown>,
  options: SelectObjectBranchOptions<B>,
): number {
  const fits = options?.fits
  if (typeof fits !== 'function')
    throw new TypeError(`selectObjectBranch: expected \`fits\` to be a function, received ${describeReceived(fits)}`)
  const tagMatches = options.tagMatches === undefined ? strictlyEqual : options.tagMatches
  if (typeof tagMatches !== 'function')
    throw new TypeError(
      `selectObjectBranch: expected \`tagMatches\` to be a function or undefined, received ${describeReceived(tagMatches)}`,
    )
  if (branches.length <= 1) return branches.length - 1
  const mapped = mappedBranch(branches, value, options.discriminator)
  if (mapped !== -1) return mapped
  // One pass finds the first complete and the first covering branch; the
  // covering ones are visited again only when there are several of them.
  let complete = -1
  let severalComplete = false
  let covering = -1
  let several = false
  for (let index = 0; index < branches.length; index++) {
    const branch = branches[index]!
    if (!ownsAll(value, branch.required)) continue
    if (complete === -1) complete = index
    else severalComplete = true
    if (!covers(branch, value)) continue
    if (covering === -1) covering = index
    else several = true
  }
  if (several) {
    for (let index = covering; index < branches.length; index++) {
      const branch = branches[index]!
      if (ownsAll(value, branch.required) && covers(branch, value) && fits(branch, value)) return index
    }
  }
  // Branches may share a tag value (a `const` both declare): of those named,
  // one that also covers the value, else the first named.
  let named = -1
  for (let index = 0; index < branches.length; index++) {
    const branch = branches[index]!
    if (!isNamedByTags(branch.tags, value, tagMatches)) continue
    if (ownsAll(value, branch.required) && covers(branch, value)) return index
    if (named === -1) named = index
  }
  if (named !== -1) return named
  if (covering !== -1) return covering
  if (complete === -1) return 0
  // No branch declares every key (an `additionalProperties` schema declares
  // none): the first complete one could still change a value valid under another.
  if (severalComplete) {
    for (let index = complete; index < branches.length; index++) {
      const branch = branches[index]!
      if (ownsAll(value, branch.required) && fits(branch, value)) return index
    }
  }
  return complete
}

// Whether the branch declares every own key of the value.
function covers(branch: ObjectBranch, value: Record<string, unknown>): boolean {
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key) && !branch.declares(key)) return false
  return true
}

function mappedBranch(
  branches: readonly ObjectBranch[],
  value: Record<string, unknown>,
  discriminator: SelectObjectBranchOptions<ObjectBranch>['discriminator'],
): number {
  if (discriminator === undefined || !Object.hasOwn(value, discriminator.propertyName)) return -1
  const tag = value[discriminator.propertyName]
  const mapping = discriminator.mapping
  if (typeof tag !== 'string' || !Object.hasOwn(mapping, tag)) return -1
  const target = mapping[tag]
  if (typeof target !== 'string') return -1
  return branches.findIndex((branch) => branch.refs.includes(target))
}

function ownsAll(value: Record<string, unknown>, required: Iterable<string>): boolean {
  for (const key of required) if (!Object.hasOwn(value, key)) return false
  return true
}
