import { describeReceived } from './internal/describe-received.js'

/**
 * Index of the first array branch of a union that `value` already fits, else
 * `-1`.
 *
 * `fits` is the caller's reading of "the items already have this branch's
 * types" (through nested arrays, item types, depth); it is asked once per
 * branch, in order, until one answers `true`. A caller that must coerce
 * anyway usually falls back to its first array branch on `-1`. Cost: one
 * `fits` call per branch at most. Never throws unless `fits` does.
 *
 * @example
 * ```ts
 * const depth = (value: unknown): number => (Array.isArray(value) ? 1 + depth(value[0]) : 0)
 * const branches = [{ depth: 1 }, { depth: 2 }, { depth: 3 }] // Point | LineString | Polygon
 * const fits = (branch: { depth: number }, value: readonly unknown[]) => depth(value) === branch.depth
 * selectArrayBranch(branches, [[1, 2], [3, 4]], fits) // => 1
 * selectArrayBranch(branches, [], fits) // => -1
 * ```
 */
export function selectArrayBranch<B>(
  branches: readonly B[],
  value: readonly unknown[],
  fits: (branch: B, value: readonly unknown[]) => boolean,
): number {
  if (typeof fits !== 'function')
    throw new TypeError(`selectArrayBranch: expected \`fits\` to be a function, received ${describeReceived(fits)}`)
  for (let index = 0; index < branches.length; index++) if (fits(branches[index]!, value)) return index
  return -1
}
