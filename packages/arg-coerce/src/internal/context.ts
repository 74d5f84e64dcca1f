import { type RefResolver, JsonTypeBits, createRefResolver, readConstTag, typeBitsOfValue } from '@x/schema-ref'
import { ArrayPart } from './array-part.js'
import { Node } from './node.js'
import { ObjectPart } from './object-part.js'
import { rulesFor } from './rules.js'
import { Shape, isRecord, shapesOf } from './shape.js'
import { type Alternative, UnionNode } from './union-node.js'
import type { Slot } from './types.js'
import { Walk } from './walk.js'

const { ARRAY, NULL, OBJECT } = JsonTypeBits

/** Everything compiled for one (root schema object, option flags) pair: its resolver and the nodes reached so far. */
export class Context {
  private readonly resolver: RefResolver
  private readonly memo = new WeakMap<object, Node | null>()
  private readonly scalars: Node[] = []
  readonly root: Node | null
  calls = 0 // specialization starts at codegen.after
  /** The root's object part (a union has none) when it enters objects: once generated, warm calls run it directly. */
  readonly entry: ObjectPart | undefined

  constructor(
    readonly schema: object,
    readonly flags: number,
  ) {
    this.resolver = createRefResolver(schema)
    const root = (this.root = this.compileSchemas([schema]))
    this.entry = root?.object instanceof ObjectPart && (root.keeps & OBJECT) !== 0 ? root.object : undefined
  }

  readonly compile = (slot: Slot): Node | null => (slot.node = this.compileSchemas(slot.schemas))

  private compileSchemas(schemas: readonly unknown[]): Node | null {
    // One node per schema object: positions reached through one `$ref` share it, so a recursive model is a cycle.
    const keys = schemas.length === 1 ? [schemas[0], this.resolver.resolve(schemas[0])].filter(isRecord) : []
    for (const key of keys) if (this.memo.has(key)) return this.memo.get(key)!
    const node = this.build(shapesOf(this.resolver, schemas))
    for (const key of keys) this.memo.set(key, node)
    return node
  }

  private build(shapes: Shape[]): Node | null {
    if (shapes.length <= 1) return shapes.length === 0 ? null : this.nodeOf(shapes[0]!, false)
    // `anyOf: [X, {type: null}]` (pydantic's Optional, zod's nullable) is X that also admits null: one plain node.
    const nullAt = shapes.findIndex((shape) => shape.types === NULL && shape.enums.length === 0)
    const other = shapes.length === 2 && nullAt !== -1 ? shapes[1 - nullAt] : undefined
    if (other?.enums.length === 0) return this.nodeOf({ ...other, types: other.types | NULL }, false)
    const alternatives = shapes.map((shape): Alternative => {
      const node = this.nodeOf(shape, true)!
      const required = [...shape.required] // an array: iterated on every choice
      // Properties whose `const` (or one-value `enum`) names the branch: pydantic and zod discriminated unions.
      const tags: Array<{ key: string; value: unknown }> = []
      for (const [key, schemas] of shape.properties)
        for (const tag of schemas.map((schema) => readConstTag(this.resolver.resolve(schema))))
          if (tag !== undefined) tags.push({ key, value: tag.value })
      return { node, required, declares: (key) => node.object?.declares(key) ?? false, tags, refs: shape.refs }
    })
    return new UnionNode(alternatives, shapes[0]!.discriminator, this.tagMatches)
  }

  /** The node of one alternative; null (unless a union needs it) when no value there can change. */
  private nodeOf(shape: Shape, always: boolean): Node | null {
    const { types, properties, patterns, additional, closed, prefix, items } = shape
    const rules = rulesFor(shape, this.flags)
    const objects =
      (types & OBJECT) !== 0 && (properties.size > 0 || patterns.length > 0 || additional.length > 0 || closed)
    const arrays = (types & ARRAY) !== 0 && (prefix.length > 0 || items.length > 0)
    if (!always && rules.length === 0 && !objects && !arrays) return null
    const object = objects ? new ObjectPart(shape, this.compile) : undefined
    const array = arrays ? new ArrayPart(shape, this.compile) : undefined
    return new Node(types, shape.enums, rules, object, array)
  }

  // Whether a sent tag names `expected` once coerced (`"5"` names `const: 5`): coercing a tag cannot change the branch.
  private readonly tagMatches = (sent: unknown, expected: unknown): boolean => {
    if (sent === expected) return true
    const bits = typeBitsOfValue(expected)
    if (bits === 0 || bits >= ARRAY) return false
    const node = (this.scalars[bits] ??= this.nodeOf({ ...new Shape(), types: bits }, true)!)
    return node.run(sent, 0, new Walk(false)) === expected
  }
}

const contexts = new WeakMap<object, Context[]>()
let last: Context | undefined

/** A schema object's context under option flags, built on first use; the last is held, so a repeat skips the map. */
export function contextFor(schema: object, flags: number): Context {
  if (last !== undefined && last.schema === schema && last.flags === flags) return last
  let byFlags = contexts.get(schema)
  if (byFlags === undefined) contexts.set(schema, (byFlags = []))
  return (last = byFlags[flags] ??= new Context(schema, flags))
}
