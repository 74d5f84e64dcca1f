import type { BranchDiscriminator, RefPath, RefResolver } from '@x/schema-ref'
import { JsonTypeBits, readDiscriminator, typeBitsOfKeyword, typeBitsOfValue } from '@x/schema-ref'

const { ANY, NULL } = JsonTypeBits

/**
 * What applies at one position, read from a schema node, its `$ref` chain and `allOf` members (new: the shape of `{}`).
 * Child positions keep their raw schema nodes, resolved when data reaches them (descending into data is progress:
 * recursion is fine). Lists, here and in `properties` and `prefix`, are replaced, not pushed to: clones share them.
 */
export class Shape {
  types: number = ANY
  enums: ReadonlyArray<readonly unknown[]> = [] // `enum` / `const`: each list constrains the scalars coercion makes
  properties = new Map<string, unknown[]>()
  required = new Set<string>()
  patterns: ReadonlyArray<[source: string, schema: unknown]> = []
  additional: readonly unknown[] = []
  closed = false // `additionalProperties: false`: a key neither declared nor matched by a pattern is not allowed
  prefix: unknown[][] = []
  items: readonly unknown[] = []
  refs: readonly string[] = [] // `$ref` strings of the union branches that led here (for a discriminator `mapping`)
  discriminator: BranchDiscriminator | undefined = undefined
  seen = new Set<object>() // schema objects applied here: once is enough (A and A is A), one holding itself stops
}

type Union = { branches: readonly unknown[]; path: RefPath | undefined; discriminator: BranchDiscriminator | undefined }

// Unions of unions can multiply (each branch of A refers to B, of B to A): past these bounds the others are dropped.
const MAX_ALTERNATIVES = 64
const MAX_NODES = 512

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const own = (node: Record<string, unknown>, key: string): unknown => (Object.hasOwn(node, key) ? node[key] : undefined)
const entriesOf = (value: unknown): Array<[string, unknown]> => (isRecord(value) ? Object.entries(value) : [])
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

function readKeywords(node: Record<string, unknown>, shape: Shape): void {
  let bits = Object.hasOwn(node, 'type') ? typeBitsOfKeyword(node['type']) : ANY
  if (own(node, 'nullable') === true && bits !== ANY) bits |= NULL
  for (const list of [Object.hasOwn(node, 'const') ? [node['const']] : undefined, own(node, 'enum')])
    if (Array.isArray(list)) {
      bits &= list.reduce((mask: number, value: unknown) => mask | typeBitsOfValue(value), 0)
      shape.enums = [...shape.enums, list]
    }
  shape.types &= bits
  for (const [key, schema] of entriesOf(own(node, 'properties')))
    shape.properties.set(key, [...(shape.properties.get(key) ?? []), schema])
  for (const key of listOf(own(node, 'required'))) if (typeof key === 'string') shape.required.add(key)
  const patterns = entriesOf(own(node, 'patternProperties'))
  if (patterns.length > 0) shape.patterns = [...shape.patterns, ...patterns]
  const additional = own(node, 'additionalProperties')
  if (isRecord(additional)) shape.additional = [...shape.additional, additional]
  else if (additional === false) shape.closed = true
  const prefixItems = own(node, 'prefixItems')
  const items = own(node, 'items')
  // Draft 7 tuples: `items` is the list and `additionalItems` the rest.
  const tuple = listOf(Array.isArray(prefixItems) ? prefixItems : items)
  const rest = Array.isArray(prefixItems) ? items : Array.isArray(items) ? own(node, 'additionalItems') : items
  if (tuple.length > 0) shape.prefix = [...shape.prefix]
  // Lists added before they are read: a polluted Array.prototype holds indexes too.
  while (shape.prefix.length < tuple.length) shape.prefix.push([])
  tuple.forEach((schema: unknown, index: number) => (shape.prefix[index] = [...shape.prefix[index]!, schema]))
  if (isRecord(rest)) shape.items = [...shape.items, rest]
}

/** A position's alternatives: one shape, or one per union branch (with the node's keywords); none if all re-enter. */
export function shapesOf(resolver: RefResolver, schemas: readonly unknown[]): Shape[] {
  let nodes = 0
  const out: Shape[] = []
  const collect = (schema: unknown, path: RefPath | undefined, shape: Shape, unions: Union[]): boolean => {
    if (++nodes > MAX_NODES) return false
    const resolved = resolver.resolveOnPath(schema, path)
    if (resolved === undefined) return false // re-enters a ref on this branch's path: dropped, its siblings survive
    const node = resolved.schema
    if (node === false) shape.types = 0
    // A ref left in place (remote, anchor, dangling, cyclic chain) carries no type information.
    if (!isRecord(node) || typeof own(node, '$ref') === 'string' || shape.seen.has(node)) return true
    shape.seen.add(node)
    readKeywords(node, shape)
    for (const member of listOf(own(node, 'allOf'))) collect(member, resolved.path, shape, unions)
    const discriminator = readDiscriminator(own(node, 'discriminator'))
    for (const branches of [own(node, 'anyOf'), own(node, 'oneOf')])
      if (Array.isArray(branches) && branches.length > 0) unions.push({ branches, path: resolved.path, discriminator })
    return true
  }
  // One shape per combination of branches, in order: the first alternative is the first branch of each union.
  const expand = (shape: Shape, [union, ...others]: readonly Union[]): void => {
    if (union === undefined) return void out.push(shape)
    for (const branch of union.branches) {
      // Checked before the clone, which copies every property: a wide union under many would cost their product.
      if (out.length >= MAX_ALTERNATIVES || nodes >= MAX_NODES) return
      const alternative: Shape = {
        ...shape,
        properties: new Map(shape.properties),
        required: new Set(shape.required),
        seen: new Set(shape.seen),
      }
      const ref = isRecord(branch) ? own(branch, '$ref') : undefined
      if (typeof ref === 'string') alternative.refs = [...alternative.refs, ref]
      const nested: Union[] = []
      if (collect(branch, union.path, alternative, nested)) expand(alternative, [...others, ...nested])
    }
  }
  const base = new Shape()
  const unions: Union[] = []
  for (const schema of schemas) collect(schema, undefined, base, unions)
  base.discriminator = unions.find((union) => union.discriminator !== undefined)?.discriminator
  expand(base, unions)
  return out
}
