/**
 * A compiled position of the schema. `run(value, depth)` returns the coerced
 * value, or the very same value when nothing changes; `depth` is how many
 * more levels of data may be entered (past it, values pass through).
 * `skip` is a `typeof` result for which `run` is known to return its input
 * untouched, so object and array loops test it inline instead of calling.
 */
export interface Plan {
  readonly types: number
  readonly skip: string
  run(value: unknown, depth: number): unknown
}

/** A child position: its raw schema nodes, compiled on first use (`null` = can never change a value). */
export interface Slot {
  readonly schemas: readonly unknown[]
  plan: Plan | null | undefined
}

/** Compiles the plan of a child position; supplied by the per-root context. */
export type CompileSlot = (slot: Slot) => Plan | null

// Writing `__proto__` with `=` would set the prototype of the copy; a data
// property keeps the model's key as a key.
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  else target[key] = value
}
