import { NOT_PARSED, parseBoolean, parseNumber } from './parse-scalar.js'
import { ARRAY, OBJECT, bitsOfValue } from './type-bits.js'

/**
 * A compiled position of the schema. `run(value, depth)` returns the coerced
 * value, or the very same value when nothing changes; `depth` is how many
 * more levels of data may be entered (past it, values pass through).
 * `kind` tells object and array loops what they may do inline, without a
 * call (see the `Kind` enum below).
 */
export interface Plan {
  readonly types: number
  readonly kind: number
  run(value: unknown, depth: number): unknown
  /** With Kind.Object: the part a plain object value goes to directly. */
  readonly objectPart: StructurePart<Record<string, unknown>> | undefined
  /** With Kind.Array: the part an array value goes to directly. */
  readonly arrayPart: StructurePart<unknown[]> | undefined
  /** The `enum` / `const` lists a value must be in (see conformsTo); empty for most plans. */
  readonly enums: ReadonlyArray<readonly unknown[]>
}

const NO_ENUMS: ReadonlyArray<readonly unknown[]> = []

/** The object or array half of a compiled shape. */
export interface StructurePart<T> {
  run(value: T, depth: number): T
  /** Whether the value's declared properties (or items) already have their types (see conformsTo). */
  conforms(value: T, budget: ConformBudget): boolean
}

/**
 * Whether `item` already has the types `plan` admits, and so do its declared
 * properties and items, `depth` levels down: how a union tells which branch
 * a value already fits (a value a branch admits as it is must not be
 * coerced by another). Bounded by `budget` (see CONFORM_BUDGET), which also
 * bounds the recursion. Types, `enum` and `const` only: bounds, formats
 * and the like are not checked.
 */
export function conformsTo(plan: Plan, item: unknown, budget: ConformBudget): boolean {
  if (--budget.left < 0) return false
  const bits = bitsOfValue(item)
  if ((bits & plan.types) === 0) return false
  for (const list of plan.enums) if (!list.includes(item)) return false
  if (bits === OBJECT && plan.objectPart !== undefined)
    return plan.objectPart.conforms(item as Record<string, unknown>, budget)
  if (bits === ARRAY && plan.arrayPart !== undefined) return plan.arrayPart.conforms(item as unknown[], budget)
  return true
}

/**
 * Values one conformity check may look at. A union asks it of every
 * candidate branch, and a value that shares objects (a DAG) has
 * exponentially many paths: past the budget the answer is "does not
 * conform", and the branch is chosen as if nothing fitted.
 */
export const CONFORM_BUDGET = 1024

/** What is left of CONFORM_BUDGET for one check (a fresh one per check). */
export interface ConformBudget {
  left: number
}

/**
 * Every plan the loops see is a plain object of this one shape, whatever
 * compiled it (a leaf, a shape, a union): property loads on it stay
 * monomorphic, which measurably matters in the per-key loop.
 */
export function toPlan(
  types: number,
  kind: number,
  run: (value: unknown, depth: number) => unknown,
  objectPart?: StructurePart<Record<string, unknown>>,
  arrayPart?: StructurePart<unknown[]>,
  enums: ReadonlyArray<readonly unknown[]> = NO_ENUMS,
): Plan {
  return { types, kind, run, objectPart, arrayPart, enums }
}

/**
 * What the object and array loops may do with an item inline, without a
 * call. A `const enum`, so the bundle inlines the numbers into the per-key
 * dispatch instead of reading module-level constants.
 */
export const enum Kind {
  /** Call `run` for every value. */
  Call = 0,
  /** A plain integer leaf: numbers stay, strings are parsed inline. */
  Integer = 1,
  /** A plain number leaf. */
  Number = 2,
  /** A plain boolean leaf. */
  Boolean = 3,
  /** `run` leaves numbers alone: call it for other values only. */
  SkipNumber = 4,
  /** `run` leaves strings alone. */
  SkipString = 5,
  /** `run` leaves booleans alone. */
  SkipBoolean = 6,
  /** `run` leaves objects (and null and arrays) alone. */
  SkipObject = 7,
  /** A shape that admits objects (and maybe null) only: a plain object goes straight to `objectPart`. */
  Object = 8,
  /** A shape that admits arrays (and maybe null) only: an array goes straight to `arrayPart`. */
  Array = 9,
}

/** A child position: its raw schema nodes, compiled on first use (`null` = can never change a value). */
export interface Slot {
  readonly schemas: readonly unknown[]
  plan: Plan | null | undefined
}

/** Compiles the plan of a child position; supplied by the per-root context. */
export type CompileSlot = (slot: Slot) => Plan | null

/**
 * One item of an object or array through its plan. The `typeof` tests are
 * literal so that V8 compiles them to type checks, and the common leaves
 * (integer, number, boolean) never pay a call through `run`.
 */
export function visit(plan: Plan, item: unknown, depth: number): unknown {
  switch (plan.kind) {
    case Kind.Integer:
    case Kind.Number: {
      if (typeof item !== 'string') return item
      const number = parseNumber(item, plan.kind === Kind.Integer)
      return number === NOT_PARSED ? item : number
    }
    case Kind.Boolean: {
      if (typeof item !== 'string') return item
      const boolean = parseBoolean(item)
      return boolean === NOT_PARSED ? item : boolean
    }
    case Kind.SkipNumber:
      return typeof item === 'number' ? item : plan.run(item, depth)
    case Kind.SkipString:
      return typeof item === 'string' ? item : plan.run(item, depth)
    case Kind.SkipBoolean:
      return typeof item === 'boolean' ? item : plan.run(item, depth)
    case Kind.SkipObject:
      return typeof item === 'object' ? item : plan.run(item, depth)
    case Kind.Object:
      return typeof item === 'object' && item !== null && !Array.isArray(item) && depth > 0
        ? plan.objectPart!.run(item as Record<string, unknown>, depth - 1)
        : plan.run(item, depth)
    case Kind.Array:
      return Array.isArray(item) && depth > 0 ? plan.arrayPart!.run(item, depth - 1) : plan.run(item, depth)
    default:
      return plan.run(item, depth)
  }
}

// Writing `__proto__` with `=` would set the prototype of the copy; a data
// property keeps the model's key as a key.
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  else target[key] = value
}
