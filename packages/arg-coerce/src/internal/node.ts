import { JsonTypeBits, typeBitsOfValue } from '@x/schema-ref'
import { NOT_PARSED } from './parse-scalar.js'
import type { ArrayView, Budget, ObjectView, Position, Rule } from './types.js'
import type { Walk } from './walk.js'

const { ARRAY, OBJECT } = JsonTypeBits

// Values one fit check may look at (a union asks every branch; a DAG has exponentially many paths): past it, no fit.
export const FIT_BUDGET = 1024

const inEnums = (enums: ReadonlyArray<readonly unknown[]>, value: unknown): boolean =>
  enums.every((list) => list.includes(value))

/** A compiled position of the schema (one alternative; unions are UnionNode). */
export class Node implements Position {
  readonly keeps: number // bits of values left as they are (scalars) or entered (none for a union: it chooses first)
  changes: number // bits of the values `run` may change (generated code calls it for those alone)
  branches: Position['branches'] = undefined

  constructor(
    readonly types: number,
    readonly enums: ReadonlyArray<readonly unknown[]>,
    private readonly rules: readonly Rule[],
    readonly object: ObjectView | undefined,
    readonly array: ArrayView | undefined,
  ) {
    this.keeps = rules.reduce((keeps, rule) => (rule.readsAdmitted === true ? keeps & ~rule.from : keeps), types)
    const entered = (object === undefined ? 0 : OBJECT) | (array === undefined ? 0 : ARRAY)
    this.changes = rules.reduce((changes, rule) => changes | rule.from, entered)
  }

  rulesReading(bits: number): Rule[] {
    return this.rules.filter((rule) => (rule.from & bits) !== 0)
  }

  /** The coerced value, or the very same value when nothing changes; `depth`: levels of data still entered. */
  run(value: unknown, depth: number, walk: Walk): unknown {
    const bits = typeBitsOfValue(value)
    if ((bits & this.keeps) === 0) return this.coerce(value, bits, depth, walk, 0)
    if (bits < ARRAY || depth <= 0) return value
    if (bits === OBJECT) return this.object === undefined ? value : walk.enter(this.object, value as never, depth - 1)
    return this.array === undefined ? value : walk.enter(this.array, value as unknown[], depth - 1)
  }

  /** The first rule that makes something of `value` (a scalar must be in the `enum`s); else `value`. */
  coerce(value: unknown, bits: number, depth: number, walk: Walk, skip: number): unknown {
    for (const rule of this.rules) {
      if ((rule.from & bits) === 0 || (skip & (rule.kind ?? 0)) !== 0) continue
      const next = rule.apply(value as never, this, depth, walk)
      if (next !== NOT_PARSED && ((typeof next === 'object' && next !== null) || inEnums(this.enums, next))) return next
    }
    return value
  }

  /** Whether `value` already has the types (and `enum`s) admitted here, through its declared properties and items. */
  fits(value: unknown, budget: Budget): boolean {
    if (--budget.left < 0) return false
    const bits = typeBitsOfValue(value)
    if ((bits & this.types) === 0 || !inEnums(this.enums, value)) return false
    if (bits === OBJECT) return this.object === undefined || this.object.fits(value as Record<string, unknown>, budget)
    return bits !== ARRAY || this.array === undefined || this.array.fits(value as unknown[], budget)
  }
}
