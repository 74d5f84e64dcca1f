import type { BranchFacts } from './internal/choose-object-branch.js'
import { chooseObjectBranch, hasOwn, readChoiceOptions, readDirectly } from './internal/choose-object-branch.js'
import type { ObjectBranch, SelectObjectBranchOptions } from './types.js'

// Key lists remembered per selector, and keys per list: past them a value is
// read directly, so a model inventing keys cannot grow what is remembered.
const MAX_KEY_LISTS = 16
const MAX_LISTED_KEYS = 64

/**
 * What the own enumerable keys of a value decide, once per key list: which
 * branches declare them all, and which required keys are not among them
 * (the value may still own those, as keys it does not enumerate).
 */
class KeyList implements BranchFacts {
  private readonly unlisted: string[][]
  private readonly covering: boolean[]

  constructor(
    readonly keys: readonly string[],
    required: ReadonlyArray<readonly string[]>,
    branches: readonly ObjectBranch[],
  ) {
    this.unlisted = required.map((names) => names.filter((name) => !keys.includes(name)))
    this.covering = branches.map((branch) => keys.every((key) => branch.declares(key)))
  }

  complete(_branches: readonly ObjectBranch[], index: number, value: Record<string, unknown>): boolean {
    const names = this.unlisted[index]!
    for (let at = 0; at < names.length; at++) if (!hasOwn.call(value, names[at]!)) return false
    return true
  }

  covers(_branches: readonly ObjectBranch[], index: number): boolean {
    return this.covering[index]!
  }
}

// Whether the own enumerable keys of `value`, in order, are `keys`.
function listed(value: Record<string, unknown>, keys: readonly string[]): boolean {
  let at = 0
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue
    if (at === keys.length || keys[at] !== key) return false
    at++
  }
  return at === keys.length
}

function ownKeys(value: Record<string, unknown>): string[] | undefined {
  const keys: string[] = []
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue
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
 * What the keys alone decide (which branches declare every key, which
 * required keys the value lists) is remembered per list of own keys, for up
 * to 16 lists of up to 64 keys; a value with the same keys in the same order
 * as an earlier one then costs one pass over its keys, plus a test of each
 * required key it does not list. So `branches` (their `required` keys and
 * `declares` answers) must not change once the selector is made; `fits` and
 * `tagMatches` are asked on every call, as by `selectObjectBranch`. Cost of
 * a new key list: one `declares` call per (branch, key). Options that are
 * not functions throw a `TypeError` here, not on each call.
 *
 * @example
 * ```ts
 * const branch = (key: string) => ({ required: [key], declares: (name: string) => name === key, tags: [], refs: [] })
 * const select = createObjectBranchSelector([branch('position'), branch('line')], { fits: () => true })
 * select({ line: 3 }) // => 1
 * select({ line: 4 }) // => 1 (the same keys: read from what was remembered)
 * select({ position: 3 }) // => 0
 * ```
 */
export function createObjectBranchSelector<B extends ObjectBranch>(
  branches: readonly B[],
  options: SelectObjectBranchOptions<B>,
): (value: Record<string, unknown>) => number {
  const { fits, tagMatches } = readChoiceOptions('createObjectBranchSelector', options)
  const { discriminator } = options
  const fixed = [...branches]
  const required = fixed.map((branch) => [...branch.required])
  const lists: KeyList[] = []
  const factsOf = (value: Record<string, unknown>): BranchFacts => {
    // Each test fails at the first key that differs: a few tests per value.
    for (let index = 0; index < lists.length; index++) if (listed(value, lists[index]!.keys)) return lists[index]!
    const keys = lists.length === MAX_KEY_LISTS ? undefined : ownKeys(value)
    if (keys === undefined) return readDirectly
    const list = new KeyList(keys, required, fixed)
    lists.push(list)
    return list
  }
  return (value) =>
    fixed.length <= 1
      ? fixed.length - 1
      : chooseObjectBranch(fixed, value, fits, tagMatches, discriminator, factsOf(value))
}
