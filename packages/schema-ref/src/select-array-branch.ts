import { describeReceived } from './internal/describe-received.js'

/**
 * Index of the first array branch of a union that `value` already fits, else
 * `-1`.
 *
 * `fits` is the caller's reading of "the items already have this branch's
 * types" (through nested arrays, item types, depth); it is asked once per
 * branch until one answers `true`. With `describesItems`, the branches that
 * describe their items are asked first, in order, then the others (`{}`
 * admits any array but says nothing of what is in it, so a branch that does
 * is the better reading of the value). A caller that must coerce anyway
 * usually falls back to its first array branch on `-1`. Cost: one `fits`
 * call per branch at most. Never throws unless a callback does.
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
  describesItems: (branch: B) => boolean = () => true,
): number {
  if (typeof fits !== 'function')
    throw new TypeError(`selectArrayBranch: expected \`fits\` to be a function, received ${describeReceived(fits)}`)
  if (typeof describesItems !== 'function')
    throw new TypeError(
      `selectArrayBranch: expected \`describesItems\` to be a function or undefined, received ${describeReceived(describesItems)}`,
    )
  for (const described of [true, false])
    for (let index = 0; index < branches.length; index++) {
      const branch = branches[index]!
      if (describesItems(branch) === described && fits(branch, value)) return index
    }
  return -1
}
