import type { CompileSlot, Plan, Slot } from './plan.js'
import { inheritsElements, ownElements } from './array-copy.js'
import type { ConformBudget } from './plan.js'
import { Kind, conformsTo, visit } from './plan.js'
import { once, REMEMBER_AFTER, walk } from './walk.js'
import type { Shape } from './shape.js'

/** The array half of a compiled shape: `prefixItems` (or draft-7 tuple `items`) and the rest. */
export class ArrayPart {
  private readonly prefix: ReadonlyArray<Slot | null>
  private readonly rest: Slot | null

  constructor(
    shape: Shape,
    private readonly compile: CompileSlot,
  ) {
    this.prefix = Array.from(shape.prefix, (schemas) =>
      schemas === undefined || schemas.length === 0 ? null : { schemas, plan: undefined },
    )
    this.rest = shape.items.length === 0 ? null : { schemas: shape.items, plan: undefined }
  }

  /** The plan of the item at `index`, or null when that item can never change. */
  planAt(index: number): Plan | null {
    const slot = index < this.prefix.length ? this.prefix[index]! : this.rest
    if (slot === null) return null
    return slot.plan === undefined ? this.compile(slot) : slot.plan
  }

  /** The plan of every item when there is no tuple prefix (null: items never change), else undefined. */
  restPlan(): Plan | null | undefined {
    if (this.prefix.length > 0) return undefined
    const rest = this.rest
    if (rest === null) return null
    return rest.plan === undefined ? this.compile(rest) : rest.plan
  }

  /** Whether every item already has the types its position admits (see conformsTo). */
  conforms(value: unknown[], budget: ConformBudget): boolean {
    for (let index = 0; index < value.length; index++) {
      const plan = this.planAt(index)
      if (plan !== null && !conformsTo(plan, value[index], budget)) return false
    }
    return true
  }

  run(value: unknown[], depth: number): unknown[] {
    return ++walk.visits > REMEMBER_AFTER ? once(this, value, depth) : this.fresh(value, depth)
  }

  /** `run` without the walk's memo (see walk.ts). */
  fresh(value: unknown[], depth: number): unknown[] {
    if (this.prefix.length === 0) return this.runRest(value, depth)
    let out = value
    // Set at the first change when a prototype holds elements: a later item may be a hole too.
    let guarded = false
    const prefixLength = this.prefix.length
    const length = value.length
    for (let index = 0; index < length; index++) {
      const slot = index < prefixLength ? this.prefix[index]! : this.rest
      if (slot === null) {
        if (index >= prefixLength) break // no rest schema: nothing further can change
        continue
      }
      const plan: Plan | null = slot.plan === undefined ? this.compile(slot) : slot.plan
      if (plan === null) continue
      const item = value[index]
      const next = visit(plan, item, depth)
      if (next !== item) {
        if (out === value) guarded = inheritsElements(value)
        if (guarded && !Object.hasOwn(value, index)) continue
        if (out === value) out = guarded ? ownElements(value) : value.slice()
        out[index] = next
      }
    }
    return out
  }

  /** Arrays without a tuple prefix (the common case): one plan for every item. */
  private runRest(value: unknown[], depth: number): unknown[] {
    // (Only called without a tuple prefix, so restPlan is never undefined here.)
    const plan = this.restPlan()
    if (plan == null) return value
    let out = value
    let guarded = false
    const length = value.length
    // The two commonest item kinds (an array of objects, an array of
    // strings) are handled here without the call through `visit`.
    const kind = plan.kind
    const part = plan.objectPart
    for (let index = 0; index < length; index++) {
      const item = value[index]
      let next: unknown
      if (kind === Kind.Object) {
        next =
          typeof item === 'object' && item !== null && !Array.isArray(item) && depth > 0
            ? part!.run(item as Record<string, unknown>, depth - 1)
            : plan.run(item, depth)
      } else if (kind === Kind.SkipString) {
        if (typeof item === 'string') continue
        next = plan.run(item, depth)
      } else next = visit(plan, item, depth)
      if (next !== item) {
        if (out === value) guarded = inheritsElements(value)
        if (guarded && !Object.hasOwn(value, index)) continue
        if (out === value) out = guarded ? ownElements(value) : value.slice()
        out[index] = next
      }
    }
    return out
  }
}
