import {
  JsonTypeBits,
  createPatternTest,
  readConstTag,
  readDiscriminator,
  typeBitsOfKeyword,
  typeBitsOfValue,
} from '@x/schema-ref'
import type { BranchDiscriminator, RefPath } from '@x/schema-ref'
import type { Context, KeyEntry, Node, Slot, Tag, Union } from './node.js'
import { getOwn, isObject } from './own.js'
import { NO_RENAMES, propertyRenames, renamedName } from './property-renames.js'

const { ANY, NULL } = JsonTypeBits

/** A position with nothing to say: no names, no unions, any type. */
export const EMPTY: Node = Object.freeze({
  table: new Map(),
  patterns: [],
  opaque: false,
  additional: undefined,
  closed: false,
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
  keyOrders: [],
  last: undefined,
  generatedOrders: 0,
})

// Unions nested in unions, allOf in allOf: flattening stops this deep (data
// never drives it, so a bound is needed even without cycles), and after this
// many nodes for one position: a chain of definitions that each unite two refs to
// the next one would otherwise double the work at every level.
const MAX_FLATTEN = 32
const FLATTEN_BUDGET = 10_000

const slot = (schema: unknown): Slot => ({ schemas: [schema], node: undefined })
const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : [])

/** The keywords that apply at one position, collected from a node, its `$ref` chain and `allOf` (and the rest, for names). */
interface Shape {
  readonly parts: Record<string, unknown>[]
  /** The parts that constrain the value's type: the node, its `$ref` chain and `allOf` (as @x/arg-coerce reads a position). */
  readonly typed: Record<string, unknown>[]
  readonly unions: Union[]
  /** A `false` schema among the typed parts: nothing is admitted. */
  refuses: boolean
  readonly budget: { left: number }
}

/** The discriminator with `propertyName` spelled as sanitizeToolSchema spells it in this schema node. */
function sentSpelling(
  context: Context,
  schema: Record<string, unknown>,
  discriminator: BranchDiscriminator,
): BranchDiscriminator {
  const properties = getOwn(schema, 'properties')
  const renames = isObject(properties) ? propertyRenames(properties, context.profile) : NO_RENAMES
  const propertyName = renamedName(discriminator.propertyName, renames, context.profile)
  return propertyName === discriminator.propertyName ? discriminator : { ...discriminator, propertyName }
}

/** Adds one schema node to `shape`; false when the node re-enters a `$ref` already on its path. */
function collect(
  context: Context,
  node: unknown,
  path: RefPath | undefined,
  shape: Shape,
  depth: number,
  typed: boolean,
): boolean {
  if (depth > MAX_FLATTEN || --shape.budget.left < 0) return true
  const resolved = context.resolver.resolveOnPath(node, path)
  if (resolved === undefined) return false
  const schema = resolved.schema
  if (schema === false && typed) shape.refuses = true
  // A `$ref` left after resolution is out of scope or cyclic: no information.
  if (!isObject(schema) || typeof getOwn(schema, '$ref') === 'string') return true
  shape.parts.push(schema)
  if (typed) shape.typed.push(schema)
  for (const member of list(getOwn(schema, 'allOf'))) collect(context, member, resolved.path, shape, depth + 1, typed)
  // Either outcome of a condition may hold: both restore the names they
  // declare (the first declaration of a renamed form wins).
  for (const keyword of ['if', 'then', 'else']) {
    const outcome = getOwn(schema, keyword)
    if (outcome !== undefined) collect(context, outcome, resolved.path, shape, depth + 1, false)
  }
  for (const keyword of ['dependentSchemas', 'dependencies']) {
    const dependent = getOwn(schema, keyword)
    // (draft 7 `dependencies` also holds name lists, which are not schemas)
    if (isObject(dependent))
      for (const key of Object.keys(dependent))
        if (isObject(dependent[key])) collect(context, dependent[key], resolved.path, shape, depth + 1, false)
  }
  const discriminator = readDiscriminator(getOwn(schema, 'discriminator'))
  const sentDiscriminator = discriminator === undefined ? undefined : sentSpelling(context, schema, discriminator)
  for (const keyword of ['anyOf', 'oneOf']) {
    const branches = list(getOwn(schema, keyword))
    if (branches.length === 0) continue
    const nodes: Node[] = []
    for (const branch of branches) {
      // A branch that re-enters its own path is dropped; its siblings survive.
      const node = build(context, branch, resolved.path, depth + 1, shape.budget)
      if (node !== undefined) nodes.push(node)
    }
    shape.unions.push({ branches: nodes, discriminator, sentDiscriminator })
  }
  return true
}

function compilePatterns(parts: readonly Record<string, unknown>[]): Pick<Node, 'patterns' | 'opaque'> {
  const patterns: Array<{ test: (key: string) => boolean; slot: Slot }> = []
  let opaque = false
  for (const part of parts) {
    const map = getOwn(part, 'patternProperties')
    if (!isObject(map)) continue
    for (const source of Object.keys(map)) {
      // Patterns come from the tool server and keys from the model: a pattern
      // that does not compile, or whose run could be catastrophic (`^(a+)+$`),
      // has no test, and no key can be said to match it.
      const test = createPatternTest(source)
      if (test !== undefined) patterns.push({ test, slot: slot(map[source]) })
      else opaque = true
    }
  }
  return { patterns, opaque }
}

// The type bits and enum lists of the typed parts, read as @x/arg-coerce reads them.
function typesOf(shape: Shape): { types: number; enums: Array<readonly unknown[]> } {
  let types = shape.refuses ? 0 : ANY
  const enums: Array<readonly unknown[]> = []
  for (const part of shape.typed) {
    let bits = Object.hasOwn(part, 'type') ? typeBitsOfKeyword(part['type']) : ANY
    if (getOwn(part, 'nullable') === true && bits !== ANY) bits |= NULL
    if (Object.hasOwn(part, 'const')) {
      bits &= typeBitsOfValue(part['const'])
      enums.push([part['const']])
    }
    const values = getOwn(part, 'enum')
    if (Array.isArray(values)) {
      bits &= values.reduce((mask: number, value: unknown) => mask | typeBitsOfValue(value), 0)
      enums.push(values)
    }
    types &= bits
  }
  return { types, enums }
}

// Required names and tags of the typed parts, each under the names the value may carry.
function requiredAndTags(context: Context, typed: readonly Record<string, unknown>[]) {
  const required: Array<readonly [string, string]> = []
  const tags: Tag[] = []
  for (const part of typed) {
    const properties = getOwn(part, 'properties')
    const renames = isObject(properties) ? propertyRenames(properties, context.profile) : NO_RENAMES
    for (const name of list(getOwn(part, 'required')))
      if (typeof name === 'string') required.push([name, renamedName(name, renames, context.profile)])
    if (!isObject(properties)) continue
    for (const name of Object.keys(properties)) {
      const tag = readConstTag(context.resolver.resolve(properties[name]))
      if (tag === undefined) continue
      tags.push({ key: name, value: tag.value })
      const renamed = renames.toSanitized.get(name)
      if (renamed !== undefined) tags.push({ key: renamed, value: tag.value })
    }
  }
  return { required, tags }
}

function finish(context: Context, shape: Shape, ref: string | undefined): Node {
  const { parts, unions } = shape
  if (parts.length === 0 && unions.length === 0 && !shape.refuses && ref === undefined) return EMPTY
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
  let closed = false
  let prefix: Slot[] | undefined
  let items: Slot | undefined
  for (const part of parts) {
    const extra = getOwn(part, 'additionalProperties')
    if (additional === undefined && isObject(extra)) additional = slot(extra)
    closed ||= extra === false
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
  // (No spread in this literal: every node gets the same hidden class, and
  // the walk reads these fields on every object it meets.)
  const { types, enums } = typesOf(shape)
  const { required, tags } = requiredAndTags(context, shape.typed)
  const { patterns, opaque } = compilePatterns(parts)
  return {
    table,
    patterns,
    opaque,
    additional,
    closed,
    prefix,
    items,
    unions,
    types,
    enums,
    required,
    tags,
    ref,
    alternatives: undefined,
    conformance: undefined,
    live: undefined,
    keyOrders: [],
    last: undefined,
    generatedOrders: 0,
  }
}

/** The compiled `node`; undefined when it re-enters a `$ref` already on `path`. */
function build(
  context: Context,
  node: unknown,
  path: RefPath | undefined,
  depth: number,
  budget = { left: FLATTEN_BUDGET },
): Node | undefined {
  const shape: Shape = { parts: [], typed: [], unions: [], refuses: false, budget }
  if (!collect(context, node, path, shape, depth, true)) return undefined
  const ref = isObject(node) ? getOwn(node, '$ref') : undefined
  return finish(context, shape, typeof ref === 'string' ? ref : undefined)
}

/** The compiled form of one schema node of the context's document, cached per node. */
export function nodeFor(context: Context, schema: unknown): Node {
  if (!isObject(schema)) return EMPTY
  let node = context.nodes.get(schema)
  if (node === undefined) {
    node = build(context, schema, undefined, 0) ?? EMPTY
    context.nodes.set(schema, node)
  }
  return node
}

/** The node of a slot: several schemas (a name declared in two `allOf` members) apply together. */
export function slotNode(context: Context, target: Slot): Node {
  if (target.node === undefined) {
    target.node =
      target.schemas.length === 1
        ? nodeFor(context, target.schemas[0])
        : (build(context, { allOf: target.schemas }, undefined, 0) ?? EMPTY)
  }
  return target.node
}
