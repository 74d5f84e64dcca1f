import { describeReceived } from './internal/describe-received.js'
import { selectObjectBranch } from './select-object-branch.js'
import type { ObjectBranch, SelectObjectBranchOptions } from './types.js'

// Key lists remembered per selector, and keys per list: past them a value is
// chosen for directly, so a model inventing keys cannot grow what is kept.
const MAX_KEY_LISTS = 16
const MAX_LISTED_KEYS = 64

// String values remembered per key list for its one tag key.
const MAX_TAG_VALUES = 64

// Unlisted required keys whose effect on an answer is worked out once, when
// it is kept (each subset of them owned): past it they are probed instead.
const MAX_HIDDEN = 2

/**
 * One list of own enumerable keys, and what selectObjectBranch gives a value
 * with exactly those keys when that depends on no value (`index`), or on the
 * string at the one tag or discriminator key listed (`tag`, each answer kept
 * in `byTag`); -1 when it asks `fits` or reads more. A value may also own
 * keys it does not enumerate: `probes` are the unlisted keys whose value the
 * choice reads (tag and discriminator keys), or that are too many to work
 * out; a value owning one is chosen for directly. The other unlisted
 * required keys (`hidden`) are worked out in each answer (see `answer`).
 */
interface KeyList {
  readonly keys: readonly string[]
  readonly hidden: readonly string[]
  readonly probes: readonly string[]
  readonly index: number
  readonly tag: string | undefined
  readonly byTag: Map<string, number>
}

// The one definition of the choice, asked about a value with the list's
// keys alone (the tag key holding `tag`, the `owned` keys owned but not
// enumerable); if it needs `fits`, the answer depends on the values: -1.
function decide<B extends ObjectBranch>(
  list: Pick<KeyList, 'keys' | 'tag'>,
  branches: readonly B[],
  options: SelectObjectBranchOptions<B>,
  tag?: string,
  owned: readonly string[] = [],
): number {
  let asked = false
  const value = Object.fromEntries(list.keys.map((key) => [key, key === list.tag ? tag : null]))
  for (const key of owned) Object.defineProperty(value, key, { value: null })
  const index = selectObjectBranch(branches, value, { ...options, fits: () => (asked = true) })
  return asked ? -1 : index
}

// decide(), or -1 when owning some hidden keys (unseen by a pass over the
// keys) could give a value another answer: only then is each value chosen
// for directly, so that most lists need no probe on every value.
function answer<B extends ObjectBranch>(
  list: Pick<KeyList, 'keys' | 'tag' | 'hidden'>,
  branches: readonly B[],
  options: SelectObjectBranchOptions<B>,
  tag?: string,
): number {
  const index = decide(list, branches, options, tag)
  const { hidden } = list
  if (index === -1 || hidden.length === 0) return index
  const subsets = hidden.length === 1 ? [hidden] : [[hidden[0]!], [hidden[1]!], hidden]
  return subsets.every((owned) => decide(list, branches, options, tag, owned) === index) ? index : -1
}

function keyList<B extends ObjectBranch>(
  keys: readonly string[],
  branches: readonly B[],
  options: SelectObjectBranchOptions<B>,
): KeyList {
  const required = new Set<string>()
  const tagKeys = new Set<string>()
  for (const branch of branches) {
    for (const name of branch.required) required.add(name)
    for (const { key } of branch.tags) tagKeys.add(key)
  }
  const discriminator = options.discriminator
  if (discriminator !== undefined) tagKeys.add(discriminator.propertyName)
  const listed = new Set(keys)
  const unlisted = [...required].filter((name) => !listed.has(name) && !tagKeys.has(name))
  const few = unlisted.length <= MAX_HIDDEN
  const probes = [...[...tagKeys].filter((name) => !listed.has(name)), ...(few ? [] : unlisted)]
  const read = [...tagKeys].filter((name) => listed.has(name))
  const list = { keys, hidden: few ? unlisted : [], probes, tag: read.length === 1 ? read[0] : undefined }
  return { ...list, index: read.length === 0 ? answer(list, branches, options) : -1, byTag: new Map() }
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

// The remembered answer for `value` (learning its key list while there is
// room), or -1: one function for every selector, so that each call to it is
// a call to the same target.
function remembered<B extends ObjectBranch>(
  value: Record<string, unknown>,
  lists: KeyList[],
  branches: readonly B[],
  options: SelectObjectBranchOptions<B>,
): number {
  let list: KeyList | undefined
  for (let index = 0; index < lists.length && list === undefined; index++)
    if (listed(value, lists[index]!.keys)) list = lists[index]
  if (list === undefined) {
    const keys = lists.length === MAX_KEY_LISTS ? undefined : ownKeys(value)
    if (keys === undefined) return -1
    lists.push((list = keyList(keys, branches, options)))
  }
  for (const name of list.probes) if (Object.hasOwn(value, name)) return -1
  if (list.tag === undefined) return list.index
  const tag = value[list.tag]
  if (typeof tag !== 'string') return -1
  let index = list.byTag.get(tag)
  if (index === undefined) {
    if (list.byTag.size === MAX_TAG_VALUES) return -1
    list.byTag.set(tag, (index = answer(list, branches, options, tag)))
  }
  return index
}

/**
 * `selectObjectBranch` for one union, made once: the returned function
 * gives, for every value, the index `selectObjectBranch(branches, value,
 * options)` gives.
 *
 * For each list of own keys met (up to 16 lists of up to 64 keys), it asks
 * `selectObjectBranch` once what a value with those keys alone is given,
 * and for a list holding one tag or discriminator key, once per string at
 * that key (up to 64 strings); answers that ask `fits` are not kept, nor
 * those that owning (without enumerating) one or two required keys the list
 * lacks would change. A later value with the same keys in the same order
 * (and the same tag string) then costs a pass over its keys and an own-key
 * test of each tag or discriminator key it does not list (and of the
 * required keys it does not list, when more than two). Every other value is
 * chosen for by `selectObjectBranch` itself. So `branches` (their `required` keys, `tags`
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
  return (value) => {
    if (fixed.length <= 1) return fixed.length - 1
    const index = remembered(value, lists, fixed, direct)
    return index !== -1 ? index : selectObjectBranch(fixed, value, direct)
  }
}
