import { chooseObjectBranch, readChoiceOptions, readDirectly } from './internal/choose-object-branch.js'
import type { ObjectBranch, SelectObjectBranchOptions } from './types.js'

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
 * 4. else the first branch (of all) named by its tags: the value owns at
 *    least one tag key, and every tag key it owns `tagMatches`;
 * 5. else the first covering branch, else the first complete one, else the
 *    first branch.
 *
 * Only own keys of the value count (`Object.hasOwn`), never inherited ones.
 * Cost: linear in branches x (value keys + required keys + tags), plus one
 * `declares` call per (branch, value key) and at most one `fits` call per
 * covering branch; those callbacks bound their own cost. Never throws unless
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
  const { fits, tagMatches } = readChoiceOptions('selectObjectBranch', options)
  return chooseObjectBranch(branches, value, fits, tagMatches, options.discriminator, readDirectly)
}
