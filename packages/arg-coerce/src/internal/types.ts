// The shapes the compiled pieces see of each other. Node (node.ts) and
// UnionNode implement Position; ObjectPart and ArrayPart the two parts. Each
// piece imports these types, not the others' modules, so no import runs in
// a circle.
import type { Shape } from './shape.js'
import type { Walk } from './walk.js'

/** What is left of a fit check's budget (see FIT_BUDGET in node.ts). */
export interface Budget {
  left: number
}

/** A compiled position of the schema. */
export interface Position {
  readonly types: number
  /** Bits of the values left as they are (scalars) or entered (objects, arrays). */
  readonly keeps: number
  /** Bits of the values `run` may change (a superset): the generated code calls it for those only. */
  readonly changes: number
  readonly enums: ReadonlyArray<readonly unknown[]>
  /** False for a union, whose `run` chooses a branch first. */
  readonly plain: boolean
  readonly object: ObjectView | undefined
  readonly array: ArrayView | undefined
  /** The coerced value, or the very same value when nothing changes; `depth`: levels of data still entered. */
  run(value: unknown, depth: number, walk: Walk): unknown
  /** An object or array of an admitted structure, coerced inside. */
  inside(value: object, bits: number, depth: number, walk: Walk): unknown
  /** Whether `value` already has the types admitted here, through its declared properties and items. */
  fits(value: unknown, budget: Budget): boolean
  /** The rules that read values of these bits, in order. */
  rulesReading(bits: number): readonly Rule[]
}

/** The declared properties of an object part that can be read by name (see ObjectPart). */
export type DeclaredProperties = ReadonlyArray<{ readonly key: string; readonly node: Position }>

export interface ObjectView {
  declares(key: string): boolean
  run(value: Record<string, unknown>, depth: number, walk: Walk): Record<string, unknown>
  fits(value: Record<string, unknown>, budget: Budget): boolean
  declaredProperties(): DeclaredProperties | undefined
}

export interface ArrayView {
  run(value: unknown[], depth: number, walk: Walk): unknown[]
  fits(value: unknown[], budget: Budget): boolean
  nodeAt(index: number): Position | null
  /** The node of every item when there is no tuple prefix (null: items never change), else undefined. */
  itemNode(): Position | null | undefined
  declaredProperties(): undefined
}

/**
 * One coercion rule (see the table in rules.ts): which values it reads
 * (`from`, type bits), where it applies (the position's admitted types, its
 * shape, the call's option flags), and what it makes of a value
 * (NOT_PARSED: nothing).
 */
export interface Rule {
  readonly from: number
  /** It reads values the position admits as they are (every other rule reads only values it does not admit). */
  readonly readsAdmitted?: boolean
  /** It parses JSON text (a union that already parsed the text skips it). */
  readonly parses?: boolean
  /** An opt-in reading a union tries only after every branch's other rules (looseBooleans). */
  readonly loose?: boolean
  applies(types: number, shape: Shape, flags: number): boolean
  apply(value: never, node: Position, depth: number, walk: Walk): unknown
}

/** A child position: its raw schema nodes, compiled on first use (null: no value there can change). */
export interface Slot {
  readonly schemas: readonly unknown[]
  node: Position | null | undefined
}

/** Compiles a slot's node (supplied by the per-schema context). */
export type Compile = (slot: Slot) => Position | null
