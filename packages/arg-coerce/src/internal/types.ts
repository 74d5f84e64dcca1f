import type { Node } from './node.js'
import type { Walk } from './walk.js'

/** What is left of a fit check's budget (see FIT_BUDGET in node.ts). */
export type Budget = { left: number }

/** A compiled position of the schema: a Node (a UnionNode is one). */
export type Position = Node

/** The declared properties of an object part that can be read by name. */
export type DeclaredProperties = ReadonlyArray<{ readonly key: string; readonly node: Position }>

/** One coercion rule (a row of the table in rules.ts): what it makes of a value of the `from` types, or NOT_PARSED. */
export interface Rule {
  readonly from: number
  /** It reads values the position admits as they are. */
  readonly readsAdmitted?: boolean
  /** It parses JSON text: a union that already did skips it. */
  readonly parses?: boolean
  /** A union tries it only after every branch's other rules. */
  readonly loose?: boolean
  apply(value: never, node: Position, depth: number, walk: Walk): unknown
}

/** A child position: its raw schema nodes, compiled on first use (null: no value there can change). */
export type Slot = { readonly schemas: readonly unknown[]; node: Position | null | undefined }
export type Compile = (slot: Slot) => Position | null
