import type { Walk } from './walk.js'

/** What is left of a fit check's budget (see FIT_BUDGET in node.ts). */
export type Budget = { left: number }

// What the compiled pieces see of each other (Node is a Position, the parts are views): no import runs in a circle.
type Run<T> = (value: T, depth: number, walk: Walk) => T
type Fits<T> = { fits(value: T, budget: Budget): boolean }
// A part's `fresh` is its run without the memo: callers go through `Walk.enter`.
type View<T> = Fits<T> & { fresh: Run<T>; layout(limit: number): Layout | undefined }

export interface Position extends Fits<unknown>, Readonly<Record<'types' | 'keeps' | 'changes', number>> {
  readonly enums: ReadonlyArray<readonly unknown[]>
  readonly object: ObjectView | undefined
  readonly array: ArrayView | undefined
  /** A union's object branches: the choice @x/schema-ref makes (an index) and their nodes. */
  readonly branches: { readonly select: (value: never) => number; readonly nodes: readonly Position[] } | undefined
  run: Run<unknown>
  rulesReading(bits: number): readonly Rule[]
}

type Properties = Record<string, unknown>
export type ObjectView = View<Properties> & { declares(key: string): boolean; interpret: Run<Properties> }
export type ArrayView = View<unknown[]> & { nodeAt(index: number): Position | null }

/** What generated code walks: properties (each readable by name), every own key of a map, or items by index. */
export type DeclaredProperties = ReadonlyArray<{ readonly key: string; readonly node: Position }>
export type ArrayLayout = { readonly prefix: ReadonlyArray<Position | null>; readonly rest: Position | null }
export type Layout = { readonly properties: DeclaredProperties } | { readonly everyKey: Position } | ArrayLayout

/** One coercion rule (a row of the table in rules.ts): what it makes of a value of the `from` types, or NOT_PARSED. */
export interface Rule {
  readonly from: number
  readonly readsAdmitted?: boolean // it reads values the position admits as they are
  readonly kind?: number // PARSES or LOOSE (rules.ts): what a union may skip
  apply(value: never, node: Position, depth: number, walk: Walk): unknown
}

/** A child position: its raw schema nodes, compiled on first use (null: no value there can change). */
export type Slot = { readonly schemas: readonly unknown[]; node: Position | null | undefined }
export type Compile = (slot: Slot) => Position | null
