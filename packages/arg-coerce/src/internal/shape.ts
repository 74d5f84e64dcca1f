import type { BranchDiscriminator, RefPath, RefResolver } from '@x/schema-ref'
import { JsonTypeBits, readDiscriminator, typeBitsOfKeyword, typeBitsOfValue } from '@x/schema-ref'

const { ANY, NULL } = JsonTypeBits

/**
 * What applies at one position of the value, read from a schema node, its
 * `$ref` chain and its `allOf` members. Child positions keep their raw schema
 * nodes, resolved when data reaches them (descending into data is progress:
 * a recursive model is fine there).
 */
export class Shape {
  types: number = ANY
  /** From `enum` / `const`: each list constrains the scalars coercion makes. */
  enums: Array<readonly unknown[]> = []
  properties = new Map<string, unknown[]>()
  required = new Set<string>()
  patterns: Array<{ source: string; schema: unknown }> = []
  additional: unknown[] = []
  prefix: unknown[][] = []
  items: unknown[] = []
  /** `$ref` strings of the union branches that led here (for a discriminator `mapping`). */
  refs: readonly string[] = []
  discriminator: BranchDiscriminator | undefined = undefined
}

/** The shape of `{}`: every type admitted, nothing below. */
export const emptyShape = (): Shape => new Shape()

// The schema nodes one alternative applies, in order and each once (A and A
// is A, and one that contains itself stops): copying these per union branch
// is cheaper than copying the merged keywords.
interface Applied {
  nodes: Set<Record<string, unknown> | false>
  refs: readonly string[]
}

interface Union {
  branches: readonly unknown[]
  path: RefPath | undefined
  discriminator: BranchDiscriminator | undefined
}

// Unions of unions can multiply (each branch of A refers to B, of B to A):
// past these bounds the other alternatives are dropped (their values pass through).
const MAX_ALTERNATIVES = 64
const MAX_NODES = 512

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

class Collector {
  nodes = 0
  constructor(readonly resolver: RefResolver) {}

  /** Adds one schema node (resolved on `path`) and its `allOf` members to `applied`; its unions go to `unions`. */
  collect(schema: unknown, path: RefPath | undefined, applied: Applied, unions: Union[]): boolean {
    if (++this.nodes > MAX_NODES) return false
    const resolved = this.resolver.resolveOnPath(schema, path)
    if (resolved === undefined) return false // re-enters a ref already on this branch's path
    const node = resolved.schema
    // A ref left in place (remote, anchor, dangling, cyclic chain) carries no type information.
    if (node !== false && (!isRecord(node) || typeof own(node, '$ref') === 'string')) return true
    if (applied.nodes.has(node)) return true
    applied.nodes.add(node)
    if (node === false) return true
    const allOf = own(node, 'allOf')
    if (Array.isArray(allOf)) for (const member of allOf) this.collect(member, resolved.path, applied, unions)
    const discriminator = readDiscriminator(own(node, 'discriminator'))
    for (const keyword of ['anyOf', 'oneOf']) {
      const branches = own(node, keyword)
      if (Array.isArray(branches) && branches.length > 0) unions.push({ branches, path: resolved.path, discriminator })
    }
    return true
  }

  expand(applied: Applied, unions: readonly Union[], out: Applied[]): void {
    const [union, ...others] = unions
    if (union === undefined) {
      out.push(applied)
      return
    }
    for (const branch of union.branches) {
      // Checked before the branch is read: a wide union under a wide union would otherwise cost their product.
      if (out.length >= MAX_ALTERNATIVES || this.nodes >= MAX_NODES) return
      const ref = isRecord(branch) ? own(branch, '$ref') : undefined
      const refs = typeof ref === 'string' ? [...applied.refs, ref] : applied.refs
      const alternative = { nodes: new Set(applied.nodes), refs }
      const nested: Union[] = []
      // A branch that re-enters its own path is dropped; its siblings survive.
      if (this.collect(branch, union.path, alternative, nested)) this.expand(alternative, [...others, ...nested], out)
    }
  }
}

function readKeywords(node: Record<string, unknown>, shape: Shape): void {
  let bits = Object.hasOwn(node, 'type') ? typeBitsOfKeyword(node['type']) : ANY
  if (own(node, 'nullable') === true && bits !== ANY) bits |= NULL
  if (Object.hasOwn(node, 'const')) {
    bits &= typeBitsOfValue(node['const'])
    shape.enums.push([node['const']])
  }
  const enumValues = own(node, 'enum')
  if (Array.isArray(enumValues)) {
    bits &= enumValues.reduce((mask: number, value: unknown) => mask | typeBitsOfValue(value), 0)
    shape.enums.push(enumValues)
  }
  shape.types &= bits
  const properties = own(node, 'properties')
  if (isRecord(properties))
    for (const key of Object.keys(properties))
      shape.properties.set(key, [...(shape.properties.get(key) ?? []), properties[key]])
  const required = own(node, 'required')
  if (Array.isArray(required)) for (const key of required) if (typeof key === 'string') shape.required.add(key)
  const patterns = own(node, 'patternProperties')
  if (isRecord(patterns))
    for (const source of Object.keys(patterns)) shape.patterns.push({ source, schema: patterns[source] })
  const additional = own(node, 'additionalProperties')
  if (isRecord(additional)) shape.additional.push(additional)
  const prefixItems = own(node, 'prefixItems')
  const items = own(node, 'items')
  // Draft 7 tuples: `items` is the list and `additionalItems` the rest.
  const tuple = Array.isArray(prefixItems) ? prefixItems : Array.isArray(items) ? items : undefined
  const rest = Array.isArray(prefixItems) ? items : Array.isArray(items) ? own(node, 'additionalItems') : items
  // Lists added before they are read: a polluted Array.prototype holds indexes too.
  if (tuple !== undefined) while (shape.prefix.length < tuple.length) shape.prefix.push([])
  tuple?.forEach((schema: unknown, index: number) => shape.prefix[index]!.push(schema))
  if (isRecord(rest)) shape.items.push(rest)
}

/** The alternatives at one position: one shape, or one per union branch (with the node's own keywords); empty when every branch re-enters itself. */
export function shapesOf(resolver: RefResolver, schemas: readonly unknown[]): Shape[] {
  const collector = new Collector(resolver)
  const base: Applied = { nodes: new Set(), refs: [] }
  const unions: Union[] = []
  for (const schema of schemas) collector.collect(schema, undefined, base, unions)
  const discriminator = unions.find((union) => union.discriminator !== undefined)?.discriminator
  const out: Applied[] = []
  collector.expand(base, unions, out)
  return out.map(({ nodes, refs }) => {
    const shape = Object.assign(new Shape(), { refs, discriminator })
    for (const node of nodes)
      if (node === false) shape.types = 0
      else readKeywords(node, shape)
    return shape
  })
}
