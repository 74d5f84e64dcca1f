import { createPatternTest, createRefResolver, readDiscriminator } from '@x/schema-ref'
import type { BranchDiscriminator, RefPath, RefResolver } from '@x/schema-ref'
import type { Alternative, Alternatives, Conformance } from './alternatives.js'
import { getOwn, isObject } from './own.js'
import type { Profile } from './profile.js'
import { NO_RENAMES, propertyRenames, renamedName } from './property-renames.js'
import type { GeneratedUnmap } from './generated-shape.js'
import { ANY, NULL, bitsOfTypeKeyword, bitsOfValue } from './type-bits.js'

/** A sub-schema reached through a value (a property, an item), compiled on first use. */
export interface Slot {
  readonly schemas: unknown[]
  plan: Plan | undefined
}

/** What an argument key means: the original name it stands for, and the schema of its value. */
export interface KeyEntry {
  readonly target: string
  readonly slot: Slot
}

/** One `anyOf` / `oneOf`: its branches (those that do not re-enter their own path) and its discriminator. */
export interface Union {
  readonly branches: readonly Plan[]
  readonly discriminator: BranchDiscriminator | undefined
}

/** A property whose `const` or one-value `enum` names a union branch, under each spelling the value may carry. */
export interface Tag {
  readonly key: string
  readonly value: unknown
}

/**
 * Everything the unmapping needs from one schema node, computed once per
 * node: `$ref`s resolved, `allOf` members (and `if` / `then` / `else`,
 * `dependentSchemas`) merged, unions kept to choose between by the value
 * (see alternatives.ts).
 */
export interface Plan {
  /** Original names and renamed forms alike; an original name always wins over a renamed form. */
  readonly table: ReadonlyMap<string, KeyEntry>
  /** `patternProperties`, each with a bounded test of the key (see createPatternTest). */
  readonly patterns: ReadonlyArray<{ readonly test: (key: string) => boolean; readonly slot: Slot }>
  readonly additional: Slot | undefined
  readonly prefix: readonly Slot[] | undefined
  readonly items: Slot | undefined
  readonly unions: readonly Union[]
  /** The JSON types admitted, as bits (see type-bits), from the node, its `$ref` chain and `allOf`, as @x/arg-coerce reads them. */
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
  /** The last few key orders seen in argument objects, with what to do for each key (see unmap-shape). */
  readonly shapes: Shape[]
  /** The most recent of them: the fast path of unmap-value tries it first. */
  last: Shape | undefined
  /** How many of its key orders were specialized (see generated-shape): bounded, since the orders come from model output. */
  specialized: number
}

/** What to do with the keys of an argument object, for one union alternative and one order of keys. */
export interface Shape {
  readonly alternative: Alternative
  readonly keys: readonly string[]
  /** Output name per key. */
  readonly targets: readonly string[]
  /** Plan to unmap each value with, only where something below can be renamed. */
  readonly plans: ReadonlyArray<Plan | undefined>
  /** Some key is renamed: the object always changes. */
  readonly renames: boolean
  /** Nothing to do at all: the object always comes back as it is. */
  readonly inert: boolean
  /** An empty object with the output keys in order, cloned by spread (faster than adding keys one by one). */
  readonly template: Record<string, unknown>
  /** Which spread site clones the template (see clone-template). */
  readonly site: number
  /** How many objects this shape unmapped through the interpreter (renaming shapes only). */
  uses: number
  /** Its specialized unmapping (see generated-shape), once made; null when it cannot be. */
  generated: GeneratedUnmap | null | undefined
}

export interface UnmapContext {
  readonly profile: Profile
  readonly resolver: RefResolver
  readonly plans: WeakMap<object, Plan>
  /** How many unmapArgKeys calls used this schema so far (see codegen.call in generated-shape). */
  calls: number
  /** How many argument objects and arrays the call in progress has walked (see unmap-value). */
  visited: number
  /** Results of the call in progress per argument object, once `visited` is past its bound (see unmap-value). */
  memo: Map<object, Memo[]> | undefined
}

/** What one argument object or array became under one plan at one depth. */
export interface Memo {
  readonly plan: Plan
  readonly depth: number
  readonly result: unknown
}

export const EMPTY: Plan = Object.freeze({
  table: new Map(),
  patterns: [],
  additional: undefined,
  prefix: undefined,
  items: undefined,
  unions: [],
  types: ANY,
  enums: [],
  required: [],
  tags: [],
  ref: undefined,
  alternatives: undefined,
  conformance: null,
  live: false,
  shapes: [],
  last: undefined,
  specialized: 0,
})

// Unions nested in unions, allOf in allOf: flattening stops this deep (data
// never drives it, so a bound is needed even without cycles), and after this
// many nodes for one plan: a chain of definitions that each unite two refs to
// the next one would otherwise double the work at every level.
const MAX_FLATTEN = 32
const FLATTEN_BUDGET = 10_000

const slot = (schema: unknown): Slot => ({ schemas: [schema], plan: undefined })
const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : [])

interface Builder {
  readonly parts: Record<string, unknown>[]
  /** The parts that constrain the value's type: the node, its `$ref` chain and `allOf` (as @x/arg-coerce reads a position). */
  readonly typed: Record<string, unknown>[]
  readonly unions: Union[]
  /** A `false` schema among the typed parts: nothing is admitted. */
  refuses: boolean
  readonly budget: { left: number }
}

/** Adds one schema node to `builder`; false when the node re-enters a `$ref` already on its path. */
function collect(
  context: UnmapContext,
  node: unknown,
  path: RefPath | undefined,
  builder: Builder,
  depth: number,
  typed: boolean,
): boolean {
  if (depth > MAX_FLATTEN || --builder.budget.left < 0) return true
  const resolved = context.resolver.resolveOnPath(node, path)
  if (resolved === undefined) return false
  const schema = resolved.schema
  if (schema === false && typed) builder.refuses = true
  // A `$ref` left after resolution is out of scope or cyclic: no information.
  if (!isObject(schema) || typeof getOwn(schema, '$ref') === 'string') return true
  builder.parts.push(schema)
  if (typed) builder.typed.push(schema)
  for (const member of list(getOwn(schema, 'allOf'))) collect(context, member, resolved.path, builder, depth + 1, typed)
  // Either outcome of a condition may hold: both restore the names they
  // declare (the first declaration of a renamed form wins).
  for (const keyword of ['if', 'then', 'else']) {
    const outcome = getOwn(schema, keyword)
    if (outcome !== undefined) collect(context, outcome, resolved.path, builder, depth + 1, false)
  }
  for (const keyword of ['dependentSchemas', 'dependencies']) {
    const dependent = getOwn(schema, keyword)
    // (draft 7 `dependencies` also holds name lists, which are not schemas)
    if (isObject(dependent))
      for (const key of Object.keys(dependent))
        if (isObject(dependent[key])) collect(context, dependent[key], resolved.path, builder, depth + 1, false)
  }
  const discriminator = readDiscriminator(getOwn(schema, 'discriminator'))
  for (const keyword of ['anyOf', 'oneOf']) {
    const branches = list(getOwn(schema, keyword))
    if (branches.length === 0) continue
    const plans: Plan[] = []
    for (const branch of branches) {
      // A branch that re-enters its own path is dropped; its siblings survive.
      const plan = build(context, branch, resolved.path, depth + 1, builder.budget)
      if (plan !== undefined) plans.push(plan)
    }
    builder.unions.push({ branches: plans, discriminator })
  }
  return true
}

function compilePatterns(parts: readonly Record<string, unknown>[]): Plan['patterns'] {
  const patterns: Array<{ test: (key: string) => boolean; slot: Slot }> = []
  for (const part of parts) {
    const map = getOwn(part, 'patternProperties')
    if (!isObject(map)) continue
    for (const source of Object.keys(map)) {
      // Patterns come from the tool server and keys from the model: a pattern
      // that does not compile, or whose run could be catastrophic (`^(a+)+$`),
      // has no test, and no key can be said to match it.
      const test = createPatternTest(source)
      if (test !== undefined) patterns.push({ test, slot: slot(map[source]) })
    }
  }
  return patterns
}

// The type bits and enum lists of the typed parts, read as @x/arg-coerce reads them.
function typesOf(builder: Builder): { types: number; enums: Array<readonly unknown[]> } {
  let types = builder.refuses ? 0 : ANY
  const enums: Array<readonly unknown[]> = []
  for (const part of builder.typed) {
    let bits = Object.hasOwn(part, 'type') ? bitsOfTypeKeyword(part['type']) : ANY
    if (getOwn(part, 'nullable') === true && bits !== ANY) bits |= NULL
    if (Object.hasOwn(part, 'const')) {
      bits &= bitsOfValue(part['const'])
      enums.push([part['const']])
    }
    const values = getOwn(part, 'enum')
    if (Array.isArray(values)) {
      bits &= values.reduce((mask: number, value: unknown) => mask | bitsOfValue(value), 0)
      enums.push(values)
    }
    types &= bits
  }
  return { types, enums }
}

// Required names and tags of the typed parts, each under the names the value may carry.
function requiredAndTags(context: UnmapContext, typed: readonly Record<string, unknown>[]) {
  const required: Array<readonly [string, string]> = []
  const tags: Tag[] = []
  for (const part of typed) {
    const properties = getOwn(part, 'properties')
    const renames = isObject(properties) ? propertyRenames(properties, context.profile) : NO_RENAMES
    for (const name of list(getOwn(part, 'required')))
      if (typeof name === 'string') required.push([name, renamedName(name, renames, context.profile)])
    if (!isObject(properties)) continue
    for (const name of Object.keys(properties)) {
      const schema = context.resolver.resolve(properties[name])
      if (!isObject(schema)) continue
      const values = getOwn(schema, 'enum')
      const named = Object.hasOwn(schema, 'const')
        ? [schema['const']]
        : Array.isArray(values) && values.length === 1
          ? values
          : undefined
      if (named === undefined) continue
      tags.push({ key: name, value: named[0] })
      const renamed = renames.toSanitized.get(name)
      if (renamed !== undefined) tags.push({ key: renamed, value: named[0] })
    }
  }
  return { required, tags }
}

function finish(context: UnmapContext, builder: Builder, ref: string | undefined): Plan {
  const { parts, unions } = builder
  if (parts.length === 0 && unions.length === 0 && !builder.refuses && ref === undefined) return EMPTY
  const slots = new Map<string, Slot>()
  const table = new Map<string, KeyEntry>()
  for (const part of parts) {
    const properties = getOwn(part, 'properties')
    if (!isObject(properties)) continue
    for (const name of Object.keys(properties)) {
      const known = slots.get(name)
      if (known === undefined) {
        const fresh = slot(properties[name])
        slots.set(name, fresh)
        table.set(name, { target: name, slot: fresh })
      } else {
        known.schemas.push(properties[name])
      }
    }
  }
  for (const part of parts) {
    const properties = getOwn(part, 'properties')
    if (!isObject(properties)) continue
    for (const [renamed, original] of propertyRenames(properties, context.profile).toOriginal) {
      if (!table.has(renamed)) table.set(renamed, { target: original, slot: slots.get(original)! })
    }
  }
  let additional: Slot | undefined
  let prefix: Slot[] | undefined
  let items: Slot | undefined
  for (const part of parts) {
    const extra = getOwn(part, 'additionalProperties')
    if (additional === undefined && isObject(extra)) additional = slot(extra)
    const tuple = getOwn(part, 'prefixItems')
    const each = getOwn(part, 'items')
    if (prefix === undefined && Array.isArray(tuple)) prefix = tuple.map(slot)
    if (prefix === undefined && Array.isArray(each)) {
      // Draft 7 tuples: `items` is the list, `additionalItems` the rest.
      prefix = each.map(slot)
      const rest = getOwn(part, 'additionalItems')
      if (items === undefined && isObject(rest)) items = slot(rest)
    } else if (items === undefined && isObject(each)) {
      items = slot(each)
    }
  }
  return {
    table,
    patterns: compilePatterns(parts),
    additional,
    prefix,
    items,
    unions,
    ...typesOf(builder),
    ...requiredAndTags(context, builder.typed),
    ref,
    alternatives: undefined,
    conformance: undefined,
    live: undefined,
    shapes: [],
    last: undefined,
    specialized: 0,
  }
}

/** The plan of `node`; undefined when it re-enters a `$ref` already on `path`. */
function build(
  context: UnmapContext,
  node: unknown,
  path: RefPath | undefined,
  depth: number,
  budget = { left: FLATTEN_BUDGET },
): Plan | undefined {
  const builder: Builder = { parts: [], typed: [], unions: [], refuses: false, budget }
  if (!collect(context, node, path, builder, depth, true)) return undefined
  const ref = isObject(node) ? getOwn(node, '$ref') : undefined
  return finish(context, builder, typeof ref === 'string' ? ref : undefined)
}

/** The plan of one schema node of the context's document, cached per node. */
export function planFor(context: UnmapContext, node: unknown): Plan {
  if (!isObject(node)) return EMPTY
  let plan = context.plans.get(node)
  if (plan === undefined) {
    plan = build(context, node, undefined, 0) ?? EMPTY
    context.plans.set(node, plan)
  }
  return plan
}

/** The plan of a slot: several schemas (a name declared in two `allOf` members) apply together. */
export function slotPlan(context: UnmapContext, target: Slot): Plan {
  if (target.plan === undefined) {
    target.plan =
      target.schemas.length === 1
        ? planFor(context, target.schemas[0])
        : (build(context, { allOf: target.schemas }, undefined, 0) ?? EMPTY)
  }
  return target.plan
}

/** The unmapping context of one original document (its resolver and plans), per profile. */
export function contextFor(root: Record<string, unknown>, profile: Profile): UnmapContext {
  let context = profile.contexts.get(root)
  if (context === undefined) {
    context = {
      profile,
      resolver: createRefResolver(root),
      plans: new WeakMap(),
      calls: 0,
      visited: 0,
      memo: undefined,
    }
    profile.contexts.set(root, context)
  }
  return context
}
