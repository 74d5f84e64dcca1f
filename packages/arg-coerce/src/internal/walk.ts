// Arguments need not be trees: an object may be reached by several paths (a
// DAG, or a cycle with two back-references), and walking it once per path
// costs 2^depth. A call counts the objects and arrays it enters; past
// REMEMBER_AFTER it remembers each result by (value, part, depth), so a
// shared value is coerced once per part and depth, and the same output
// object stands at each of its positions.

/** Objects and arrays entered in one call before results are remembered. */
export const REMEMBER_AFTER = 10_000

import type { Position } from './types.js'

interface Part<T> {
  fresh(value: T, depth: number, walk: Walk): T
}

/**
 * The state of one call, passed down, never shared between two calls in
 * progress. `generates`: whether object parts may specialize in this call
 * (see generate.ts). `owned`: whether the value being coerced was parsed
 * from JSON text in this call, so nothing else holds it and it is coerced in
 * place instead of copied.
 */
export class Walk {
  visits = 0
  busy = false
  owned = false
  private memo: WeakMap<object, Map<object, Map<number, unknown>>> | undefined

  constructor(public generates: boolean) {}

  /** This walk for a new call, when none is in progress on it; else a fresh one (a call made from a getter). */
  take(generates: boolean): Walk {
    if (this.busy) return new Walk(generates)
    this.busy = true
    this.generates = generates
    this.visits = 0
    this.owned = false
    this.memo = undefined
    return this
  }

  /** `node.inside(parsed)` for a structure just parsed from JSON text: coerced in place. */
  inParsed(node: Position, parsed: object, bits: number, depth: number): unknown {
    const owned = this.owned
    this.owned = true
    const result = node.inside(parsed, bits, depth, this)
    this.owned = owned
    return result
  }

  /** `part.fresh(value, depth)`, through the memo once the call has entered REMEMBER_AFTER values. */
  enter<T extends object>(part: Part<T>, value: T, depth: number): T {
    if (++this.visits <= REMEMBER_AFTER) return part.fresh(value, depth, this)
    const memo = (this.memo ??= new WeakMap())
    let byPart = memo.get(value)
    if (byPart === undefined) memo.set(value, (byPart = new Map()))
    let byDepth = byPart.get(part)
    if (byDepth === undefined) byPart.set(part, (byDepth = new Map()))
    if (byDepth.has(depth)) return byDepth.get(depth) as T
    const result = part.fresh(value, depth, this)
    byDepth.set(depth, result)
    return result
  }
}
