import type { RefResolver } from '@x/schema-ref'
import { createRefResolver } from '@x/schema-ref'
import { leafPlanOf } from './leaf-plans.js'
import type { Plan, Slot } from './plan.js'
import { Kind, toPlan } from './plan.js'
import { NULL, OBJECT } from './type-bits.js'
import type { Shape } from './shape.js'
import { shapesOf } from './shape.js'
import { ShapePlan } from './shape-plan.js'
import { UnionPlan } from './union-plan.js'

/** Everything compiled for one root schema object: its resolver and the plans of the positions reached so far. */
export class Context {
  private readonly resolver: RefResolver
  private readonly memo = new WeakMap<object, Plan | null>()
  readonly root: Plan | null
  /** How many calls used this root schema so far (see codegen.call in generated-run). */
  calls = 0

  constructor(root: object) {
    this.resolver = createRefResolver(root)
    this.root = this.compileSchemas([root])
  }

  readonly compileSlot = (slot: Slot): Plan | null => {
    const plan = this.compileSchemas(slot.schemas)
    slot.plan = plan
    return plan
  }

  private compileSchemas(schemas: readonly unknown[]): Plan | null {
    const single = schemas.length === 1 ? schemas[0] : undefined
    // The plan of one schema node depends only on that node (and the root):
    // positions reached through the same `$ref` share it, which also closes
    // recursive models into a cycle of plans instead of an endless chain.
    const keys: object[] = []
    if (typeof single === 'object' && single !== null) {
      keys.push(single)
      const resolved = this.resolver.resolve(single)
      if (resolved !== single && typeof resolved === 'object' && resolved !== null) keys.push(resolved)
      for (const key of keys) if (this.memo.has(key)) return this.memo.get(key)!
    }
    const plan = this.build(shapesOf(this.resolver, schemas))
    for (const key of keys) this.memo.set(key, plan)
    return plan
  }

  private build(shapes: Shape[]): Plan | null {
    if (shapes.length === 0) return null
    if (shapes.length === 1) {
      const leaf = leafPlanOf(shapes[0]!)
      if (leaf !== undefined) return leaf
      const plan = new ShapePlan(shapes[0]!, this.compileSlot)
      return plan.useful ? plan.toPlan() : null
    }
    const alternatives = shapes.map((shape) => {
      const plan = new ShapePlan(shape, this.compileSlot)
      return { shape, plan, run: plan.runner(), tags: this.tagsOf(shape) }
    })
    const union = new UnionPlan(alternatives, shapes[0]!.discriminator)
    const run = (value: unknown, depth: number): unknown => union.run(value, depth)
    // `anyOf: [Model, null]` (pydantic's Optional): an object can only go to
    // the one object branch, so loops may hand it straight to that branch's part.
    const objects = alternatives.filter((alternative) => (alternative.plan.types & OBJECT) !== 0)
    const part = objects.length === 1 ? objects[0]!.plan.objectPart : undefined
    if (part !== undefined && (objects[0]!.plan.types & ~NULL) === OBJECT)
      return toPlan(union.types, Kind.Object, run, part)
    return toPlan(union.types, union.kind, run)
  }

  private tagsOf(shape: Shape): Array<{ key: string; value: unknown }> {
    const tags: Array<{ key: string; value: unknown }> = []
    for (const [key, schemas] of shape.properties) {
      for (const schema of schemas) {
        const resolved = this.resolver.resolve(schema)
        if (typeof resolved !== 'object' || resolved === null) continue
        const record = resolved as Record<string, unknown>
        if (Object.hasOwn(record, 'const')) tags.push({ key, value: record['const'] })
        else if (Array.isArray(record['enum']) && Object.hasOwn(record, 'enum') && record['enum'].length === 1) {
          tags.push({ key, value: record['enum'][0] })
        }
      }
    }
    return tags
  }
}

const contexts = new WeakMap<object, Context>()

/** The compiled context of a root schema, built on first use and cached by the schema object. */
// The schema of the last call, held strongly (one schema at most): an agent
// coerces call after call against the same tool, and this skips the WeakMap.
let lastRoot: object | undefined
let lastContext: Context | undefined

export function contextFor(root: object): Context {
  if (root === lastRoot) return lastContext!
  let context = contexts.get(root)
  if (context === undefined) {
    context = new Context(root)
    contexts.set(root, context)
  }
  lastRoot = root
  lastContext = context
  return context
}
