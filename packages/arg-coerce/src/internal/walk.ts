// A DAG walked per path costs 2^depth: past REMEMBER_AFTER entries, a call memoizes results by (value, part, depth).
export const REMEMBER_AFTER = 10_000

/** The state of one call, passed down, never shared by two in progress; `generates`: whether parts may specialize. */
export class Walk {
  visits = 0
  owned = false // the value at hand was parsed from JSON text by this call: no one else holds it, it changes in place
  private memo: WeakMap<object, Map<object, Map<number, unknown>>> | undefined

  constructor(readonly generates: boolean) {}

  /** `run()` with `owned` set: JSON text just parsed is coerced in place; a union's branches each try one value. */
  owning<T>(owned: boolean, run: () => T): T {
    const before = this.owned
    this.owned = owned
    const result = run()
    this.owned = before
    return result
  }

  enter<T extends object>(part: { fresh(value: T, depth: number, walk: Walk): T }, value: T, depth: number): T {
    if (++this.visits <= REMEMBER_AFTER) return part.fresh(value, depth, this)
    const byPart = (this.memo ??= new WeakMap()).get(value) ?? this.memo.set(value, new Map()).get(value)!
    const byDepth = byPart.get(part) ?? byPart.set(part, new Map()).get(part)!
    return (byDepth.get(depth) ?? byDepth.set(depth, part.fresh(value, depth, this)).get(depth)) as T
  }
}
