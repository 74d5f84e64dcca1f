import { NOT_PARSED, parseBoolean, parseNumber } from './parse-scalar.js'

/**
 * A compiled position of the schema. `run(value, depth)` returns the coerced
 * value, or the very same value when nothing changes; `depth` is how many
 * more levels of data may be entered (past it, values pass through).
 * `kind` tells object and array loops what they may do inline, without a
 * call (see the KIND_ constants).
 */
export interface Plan {
  readonly types: number
  readonly kind: number
  run(value: unknown, depth: number): unknown
  /** With KIND_OBJECT: the part a plain object value goes to directly. */
  readonly objectPart: StructurePart<Record<string, unknown>> | undefined
  /** With KIND_ARRAY: the part an array value goes to directly. */
  readonly arrayPart: StructurePart<unknown[]> | undefined
}

/** The object or array half of a compiled shape. */
export interface StructurePart<T> {
  run(value: T, depth: number): T
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
): Plan {
  return { types, kind, run, objectPart, arrayPart }
}

/** Call `run` for every value. */
export const KIND_CALL = 0
/** A plain integer leaf: numbers stay, strings are parsed inline. */
export const KIND_INTEGER = 1
/** A plain number leaf. */
export const KIND_NUMBER = 2
/** A plain boolean leaf. */
export const KIND_BOOLEAN = 3
/** `run` leaves numbers alone: call it for other values only. */
export const KIND_SKIP_NUMBER = 4
/** `run` leaves strings alone. */
export const KIND_SKIP_STRING = 5
/** `run` leaves booleans alone. */
export const KIND_SKIP_BOOLEAN = 6
/** `run` leaves objects (and null and arrays) alone. */
export const KIND_SKIP_OBJECT = 7
/** A shape that admits objects (and maybe null) only: a plain object goes straight to `objectPart`. */
export const KIND_OBJECT = 8
/** A shape that admits arrays (and maybe null) only: an array goes straight to `arrayPart`. */
export const KIND_ARRAY = 9

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
    case KIND_INTEGER:
    case KIND_NUMBER: {
      if (typeof item !== 'string') return item
      const number = parseNumber(item, plan.kind === KIND_INTEGER)
      return number === NOT_PARSED ? item : number
    }
    case KIND_BOOLEAN: {
      if (typeof item !== 'string') return item
      const boolean = parseBoolean(item)
      return boolean === NOT_PARSED ? item : boolean
    }
    case KIND_SKIP_NUMBER:
      return typeof item === 'number' ? item : plan.run(item, depth)
    case KIND_SKIP_STRING:
      return typeof item === 'string' ? item : plan.run(item, depth)
    case KIND_SKIP_BOOLEAN:
      return typeof item === 'boolean' ? item : plan.run(item, depth)
    case KIND_SKIP_OBJECT:
      return typeof item === 'object' ? item : plan.run(item, depth)
    case KIND_OBJECT:
      return typeof item === 'object' && item !== null && !Array.isArray(item) && depth > 0
        ? plan.objectPart!.run(item as Record<string, unknown>, depth - 1)
        : plan.run(item, depth)
    case KIND_ARRAY:
      return Array.isArray(item) && depth > 0 ? plan.arrayPart!.run(item, depth - 1) : plan.run(item, depth)
    default:
      return plan.run(item, depth)
  }
}

// Writing `__proto__` with `=` would set the prototype of the copy; a data
// property keeps the model's key as a key.
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  else target[key] = value
}
