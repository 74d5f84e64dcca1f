import { describeReceived } from './internal/describe-received.js'
import { selectObjectBranch } from './select-object-branch.js'
import type { ObjectBranch, SelectObjectBranchOptions } from './types.js'

// Key lists remembered per selector, and keys per list: past them a value is
// chosen for directly, so a model inventing keys cannot grow what is kept.
const MAX_KEY_LISTS = 16
const MAX_LISTED_KEYS = 64

// String values remembered per key list for its one tag key.
const MAX_TAG_VALUES = 64

/**
 * One list of own enumerable keys, and what selectObjectBranch gives a value
 * with exactly those keys when that depends on no value (`index`), or on the
 * string at the one tag or discriminator key listed (`tag`, each answer kept
 * in `byTag`); -1 when it asks `fits` or reads more. `probes`: the keys the
 * choice also tests (required and tag keys, the discriminator's) that are
 * not listed; a value owning one without enumerating it is chosen for
 * directly.
 */
interface KeyList {
  readonly keys: readonly string[]
  readonly probes: readonly string[]
  readonly index: number
  readonly tag: string | undefined
  readonly byTag: Map<string, number>
}

// The one definition of the choice, asked about a value with `keys` alone
// (the tag key holding `tag`); if it needs `fits`, the answer depends on the
// values: -1.
function decide<B extends ObjectBranch>(
  keys: readonly string[],
  branches: readonly B[],
  options: SelectObjectBranchOptions<B>,
  tagKey?: string,
  tag?: string,
): number {
  let asked = false
  const value = Object.fromEntries(keys.map((key) => [key, key === tagKey ? tag : null]))
  const index = selectObjectBranch(branches, value, { ...options, fits: () => (asked = true) })
  return asked ? -1 : index
}

function keyList<B extends ObjectBranch>(
  keys: readonly string[],
  branches: readonly B[],
  options: SelectObjectBranchOptions<B>,
): KeyList {
  const probes = new Set<string>()
  const tagKeys = new Set<string>()
  for (const branch of branches) {
    for (const name of branch.required) probes.add(name)
    for (const { key } of branch.tags) tagKeys.add(key)
  }
  const discriminator = options.discriminator
  if (discriminator !== undefined) tagKeys.add(discriminator.propertyName)
  const listed = new Set(keys)
  const unlisted = [...probes, ...tagKeys].filter((name) => !listed.has(name))
  const read = [...tagKeys].filter((name) => listed.has(name))
  const byTag = new Map<string, number>()
  if (read.length === 0)
    return { keys, probes: unlisted, index: decide(keys, branches, options), tag: undefined, byTag }
  return { keys, probes: unlisted, index: -1, tag: read.length === 1 ? read[0] : undefined, byTag }
}

// Whether the own enumerable keys of `value`, in order, are `keys`.
function listed(value: Record<string, unknown>, keys: readonly string[]): boolean {
  let at = 0
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue
    if (at === keys.length || keys[at] !== key) return false
    at++
  }
  return at === keys.length
}

function ownKeys(value: Record<string, unknown>): string[] | undefined {
  const keys: string[] = []
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue
    if (keys.length === MAX_LISTED_KEYS) return undefined
    keys.push(key)
  }
  return keys
}

/**
 * `selectObjectBranch` for one union, made once: the returned function
 * gives, for every value, the index `selectObjectBranch(branches, value,
 * options)` gives.
 *
 * For each list of own keys met (up to 16 lists of up to 64 keys), it asks
 * `selectObjectBranch` once what a value with those keys alone is given,
 * and for a list holding one tag or discriminator key, once per string at
 * that key (up to 64 strings); answers that ask `fits` are not kept. A later
 * value with the same keys in the same order (and the same tag string) then
 * costs a pass over its keys and an own-key test of each required, tag or
 * discriminator key it does not list. Every other value is chosen for by
 * `selectObjectBranch` itself. So `branches` (their `required` keys, `tags`
 * and `declares` answers) must not change once the selector is made, and
 * `tagMatches` must answer the same for the same pair. Options that are not
 * functions throw a `TypeError` here, not on each call.
 *
 * @example
 * ```ts
 * const branch = (key: string) => ({ required: [key], declares: (name: string) => name === key, tags: [], refs: [] })
 * const select = createObjectBranchSelector([branch('position'), branch('line')], { fits: () => true })
 * select({ line: 3 }) // => 1
 * select({ line: 4 }) // => 1 (the same keys: decided before)
 * select({ position: 3 }) // => 0
 * ```
 */
export function createObjectBranchSelector<B extends ObjectBranch>(
  branches: readonly B[],
  options: SelectObjectBranchOptions<B>,
): (value: Record<string, unknown>) => number {
  const fits = options?.fits
  if (typeof fits !== 'function')
    throw new TypeError(
      `createObjectBranchSelector: expected \`fits\` to be a function, received ${describeReceived(fits)}`,
    )
  const { discriminator, tagMatches } = options
  if (tagMatches !== undefined && typeof tagMatches !== 'function')
    throw new TypeError(
      `createObjectBranchSelector: expected \`tagMatches\` to be a function or undefined, received ${describeReceived(tagMatches)}`,
    )
  const fixed = [...branches]
  const direct: SelectObjectBranchOptions<B> = { discriminator, fits, tagMatches }
  const lists: KeyList[] = []
  const decided = (value: Record<string, unknown>): number => {
    let list: KeyList | undefined
    for (let index = 0; index < lists.length && list === undefined; index++)
      if (listed(value, lists[index]!.keys)) list = lists[index]
    if (list === undefined) {
      const keys = lists.length === MAX_KEY_LISTS ? undefined : ownKeys(value)
      if (keys === undefined) return -1
      lists.push((list = keyList(keys, fixed, direct)))
    }
    for (const name of list.probes) if (Object.hasOwn(value, name)) return -1
    if (list.tag === undefined) return list.index
    const tag = value[list.tag]
    if (typeof tag !== 'string') return -1
    let index = list.byTag.get(tag)
    if (index === undefined) {
      if (list.byTag.size === MAX_TAG_VALUES) return -1
      list.byTag.set(tag, (index = decide(list.keys, fixed, direct, list.tag, tag)))
    }
    return index
  }
  return (value) => {
    if (fixed.length <= 1) return fixed.length - 1
    const index = decided(value)
    return index !== -1 ? index : selectObjectBranch(fixed, value, direct)
  }
}
