// Arguments need not be trees: an object may be reached by several paths (a
// DAG, or a cycle with two back-references), and walking it once per path
// costs 2^depth. The walk counts the objects and arrays it enters in one
// call; past REMEMBER_AFTER it remembers each result by (value, part,
// depth), so a shared value is coerced once per part and depth, and the
// same output object stands at each of its positions.

/** Objects and arrays entered in one call before results are remembered. */
export const REMEMBER_AFTER = 10_000

type Memo = WeakMap<object, Map<object, Map<number, unknown>>>

/** The state of the call in progress (coerceToolArgs saves and restores it around each call). */
export const walk: { visits: number; memo: Memo | undefined } = { visits: 0, memo: undefined }

/** `part.fresh(value, depth)`, computed once per (value, part, depth) in this call. */
export function once<T extends object>(part: { fresh(value: T, depth: number): T }, value: T, depth: number): T {
  const memo = (walk.memo ??= new WeakMap())
  let byPart = memo.get(value)
  if (byPart === undefined) memo.set(value, (byPart = new Map()))
  let byDepth = byPart.get(part)
  if (byDepth === undefined) byPart.set(part, (byDepth = new Map()))
  if (byDepth.has(depth)) return byDepth.get(depth) as T
  const result = part.fresh(value, depth)
  byDepth.set(depth, result)
  return result
}
