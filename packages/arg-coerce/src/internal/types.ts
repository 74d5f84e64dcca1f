// The shapes the compiled pieces see of each other: Node and UnionNode are
// Positions, ObjectPart and ArrayPart the views. Each piece imports these
// types, not the others' modules, so no import runs in a circle.
import type { Walk } from './walk.js'

/** What is left of a fit check's budget (see FIT_BUDGET in node.ts). */
export interface Budget {
  left: number
}

/** A compiled position of the schema (see Node for the members). */
export interface Position {
  readonly types: number
  readonly keeps: number
  readonly changes: number
  readonly enums: ReadonlyArray<readonly unknown[]>
  readonly plain: boolean
  readonly object: ObjectView | undefined
  readonly array: ArrayView | undefined
  run(value: unknown, depth: number, walk: Walk): unknown
  fits(value: unknown, budget: Budget): boolean
  rulesReading(bits: number): readonly Rule[]
}

/** The declared properties of an object part that can be read by name. */
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
  itemNode(): Position | null | undefined
  declaredProperties(): undefined
}

/**
 * One coercion rule (a row of the table in rules.ts): the values it reads
 * (`from`, type bits) and what it makes of one (NOT_PARSED: nothing).
 * `readsAdmitted`: it reads values the position admits as they are;
 * `parses`: it parses JSON text (skipped by a union that already did);
 * `loose`: a union tries it only after every branch's others.
 */
export interface Rule {
  readonly from: number
  readonly readsAdmitted?: boolean
  readonly parses?: boolean
  readonly loose?: boolean
  apply(value: never, node: Position, depth: number, walk: Walk): unknown
}

/** A child position: its raw schema nodes, compiled on first use (null: no value there can change). */
export interface Slot {
  readonly schemas: readonly unknown[]
  node: Position | null | undefined
}

export type Compile = (slot: Slot) => Position | null
