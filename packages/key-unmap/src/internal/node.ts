// The compiled form of an original schema for unmapping, shared by the
// files that build it and the files that walk arguments with it. Types
// only: each of those files imports from here, none from another's types.
import type { BranchDiscriminator, ObjectBranch, RefResolver } from '@x/schema-ref'
import type { Profile } from './profile.js'

/** A child position's raw schema nodes (a property, an item), compiled to a Node on first use. */
export interface Slot {
  readonly schemas: unknown[]
  node: Node | undefined
}

/** What an argument key means: the original name it stands for, and where its value goes. */
export interface KeyEntry {
  readonly target: string
  readonly slot: Slot
}

/** One `anyOf` / `oneOf`: its branches (those that do not re-enter their own path) and its discriminator. */
export interface Union {
  readonly branches: readonly Node[]
  readonly discriminator: BranchDiscriminator | undefined
  /** The discriminator as the model was shown it: `propertyName` in its sanitized spelling (the same object when that is the original). */
  readonly sentDiscriminator: BranchDiscriminator | undefined
}

/** A property whose `const` or one-value `enum` names a union branch, under one spelling the value may carry. */
export interface Tag {
  readonly key: string
  readonly value: unknown
}

/**
 * One compiled position: the keywords that apply there (its Shape: the
 * node, its `$ref` chain and `allOf`, with `if` / `then` / `else` and
 * `dependentSchemas` for names only), its unions kept to choose between by
 * the value.
 */
export interface Node {
  /** Original names and renamed forms alike; an original name always wins over a renamed form. */
  readonly table: ReadonlyMap<string, KeyEntry>
  /** `patternProperties`, each with a bounded test of the key (see createPatternTest). */
  readonly patterns: ReadonlyArray<{ readonly test: (key: string) => boolean; readonly slot: Slot }>
  /** Whether a pattern was refused (no test): which keys it covers, so where `additional` applies, is unknown. */
  readonly opaque: boolean
  readonly additional: Slot | undefined
  /** `additionalProperties: false`: a key neither declared nor matched by a pattern is not allowed. */
  readonly closed: boolean
  readonly prefix: readonly Slot[] | undefined
  readonly items: Slot | undefined
  readonly unions: readonly Union[]
  /** The JSON types admitted, as bits (JsonTypeBits of @x/schema-ref, as @x/arg-coerce reads them). */
  readonly types: number
  /** `enum` / `const` lists the value must be in. */
  readonly enums: ReadonlyArray<readonly unknown[]>
  /** Required names, each with the renamed form the model sends (the same string when not renamed). */
  readonly required: ReadonlyArray<readonly [string, string]>
  readonly tags: readonly Tag[]
  /** The `$ref` of the schema node itself (a union branch's, for a discriminator `mapping`). */
  readonly ref: string | undefined
  /** Its unions expanded into alternatives (computed on first use). */
  alternatives: Alternatives | undefined
  /** How "the value already has these types" is checked here (computed on first use; null: anything fits). */
  conformance: Conformance | null | undefined
  /** Whether anything reachable from here renames a key (computed on first use). */
  live: boolean | undefined
  /** The last few (alternative, key order) pairs seen in argument objects, with what to do for each key. */
  readonly keyOrders: KeyOrder[]
  /** The most recent of them where the alternative is fixed: the fast path of unmap-value tries it first. */
  last: KeyOrder | undefined
  /** How many of its key orders got generated code: bounded, since the orders come from model output. */
  generatedOrders: number
}

/**
 * One way through the unions of a position: the position's own node, then
 * one branch of each union in turn, nested unions of a branch after the
 * unions still pending (the order in which @x/arg-coerce expands them, so
 * that "the first alternative that ..." means the same one in both).
 */
export interface Alternative {
  readonly nodes: readonly Node[]
  readonly types: number
  readonly enums: ReadonlyArray<readonly unknown[]>
  readonly required: ReadonlyArray<readonly [string, string]>
  readonly tags: readonly Tag[]
  readonly refs: readonly string[]
  readonly prefix: readonly Slot[] | undefined
  readonly items: Slot | undefined
  /** Whether it declares properties, patterns (compiled or refused) or additional properties, or forbids the latter (@x/arg-coerce then checks them and `required`). */
  readonly hasProperties: boolean
  /** Its view for selectObjectBranch when no required name is renamed (else one is built per value). */
  readonly branch: AlternativeBranch | undefined
}

export interface AlternativeBranch extends ObjectBranch {
  readonly alternative: Alternative
}

export interface Alternatives {
  readonly all: readonly Alternative[]
  readonly objects: readonly Alternative[]
  readonly arrays: readonly Alternative[]
  readonly discriminator: BranchDiscriminator | undefined
  readonly sentDiscriminator: BranchDiscriminator | undefined
  /** The alternative of every object value when there is nothing to choose (one object alternative, or none). */
  readonly fixed: Alternative | undefined
}

/** How a nested position checks that a value already has its types. */
export interface Conformance {
  readonly types: number
  readonly enums: ReadonlyArray<readonly unknown[]>
  /** Where an object value's declared properties are checked too. */
  readonly object: Alternative | undefined
  /** Where an array value's items are checked too. */
  readonly array: Alternative | undefined
}

/** Unmaps one object of a renaming key order; MISMATCH when the value's keys are not the order's. */
export type GeneratedUnmap = (value: Record<string, unknown>, walk: Walk, depth: number) => unknown

/** What to do with the keys of an argument object, for one union alternative and one order of keys. */
export interface KeyOrder {
  readonly alternative: Alternative
  readonly keys: readonly string[]
  /** Output name per key. */
  readonly targets: readonly string[]
  /** Node to unmap each value with, only where something below can be renamed. */
  readonly nodes: ReadonlyArray<Node | undefined>
  /** Some key is renamed: the object always changes. */
  readonly renames: boolean
  /** Nothing to do at all: the object always comes back as it is. */
  readonly inert: boolean
  /** An empty object with the output keys in order, cloned by spread (faster than adding keys one by one). */
  readonly template: Record<string, unknown>
  /** Which spread site clones the template (see clone-template). */
  readonly site: number
  /** How many objects it unmapped through the interpreter (renaming orders only). */
  uses: number
  /** Its generated unmapping, once made; null when it cannot be. */
  generated: GeneratedUnmap | null | undefined
}

/** Everything compiled for one (original root schema, name profile) pair. */
export interface Context {
  readonly profile: Profile
  readonly resolver: RefResolver
  readonly nodes: WeakMap<object, Node>
  /** How many unmapArgKeys calls used this schema so far. */
  calls: number
}

/** When code is generated, and what the engine allows: one object per way of calling (see unmap-with). */
export interface Settings {
  /**
   * A renaming key order is compiled once seen that many times, in a call
   * that uses its schema for at least that many times (the earlier ones go
   * through the interpreter): 2 by default, so a schema used once never
   * pays for code generation, however many objects its arguments hold.
   */
  readonly generateAfter: number
  /** Whether the engine allows code generation: probed on first need, then remembered. */
  readonly engine: { available: boolean | undefined }
  /** Told of every function compiled (tests count them). */
  readonly onCompile: (() => void) | undefined
}

/** What one argument object or array became under one node at one depth. */
export interface Memo {
  readonly node: Node
  readonly depth: number
  readonly result: unknown
}

/** One unmapArgKeys call: what it may do, and what it has walked so far. */
export interface Walk {
  readonly context: Context
  readonly settings: Settings
  /** Whether this call may generate code (its `codegen` option). */
  readonly codegen: boolean
  /** `context.calls` when this call began. */
  readonly call: number
  /** Objects and arrays walked so far (see unmap-value). */
  visited: number
  /** Results per argument object, once `visited` is past its bound (see unmap-value). */
  memo: Map<object, Memo[]> | undefined
}
