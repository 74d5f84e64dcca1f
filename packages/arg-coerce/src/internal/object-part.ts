import type { CompileSlot, Plan, Slot } from './plan.js'
import { setOwn } from './plan.js'
import type { Shape } from './shape.js'

interface KeyOrder {
  readonly keys: readonly string[]
  readonly slots: ReadonlyArray<Slot | null>
}

// Models send the keys of one tool in the same few orders. Remembering the
// last orders seen turns "which plan for this key" into an array read and a
// string comparison; a Map lookup happens only when the order changes.
const MAX_ORDERS = 4
// Keys outside `properties` get their slot cached too, up to a bound, so a
// model inventing keys cannot grow the cache without limit.
const MAX_DYNAMIC = 256

function compilePattern(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'u')
  } catch {
    return undefined
  }
}

/** The object half of a compiled shape: `properties`, `patternProperties`, `additionalProperties`. */
export class ObjectPart {
  private readonly declared = new Map<string, Slot | null>()
  private readonly dynamic = new Map<string, Slot | null>()
  private readonly patterns: Array<{ regex: RegExp; schema: unknown }> = []
  private readonly additional: readonly unknown[]
  private orders: KeyOrder[] = []

  constructor(
    shape: Shape,
    private readonly compile: CompileSlot,
  ) {
    for (const { source, schema } of shape.patterns) {
      const regex = compilePattern(source)
      if (regex !== undefined) this.patterns.push({ regex, schema })
    }
    this.additional = shape.additional
    for (const [key, schemas] of shape.properties) this.declared.set(key, this.slotFor(key, schemas))
  }

  private slotFor(key: string, declared: readonly unknown[] | undefined): Slot | null {
    const matching = this.patterns.filter((pattern) => pattern.regex.test(key)).map((pattern) => pattern.schema)
    const schemas = declared === undefined && matching.length === 0 ? this.additional : [...(declared ?? []), ...matching]
    return schemas.length === 0 ? null : { schemas, plan: undefined }
  }

  private lookup(key: string): Slot | null {
    const known = this.declared.get(key)
    if (known !== undefined) return known
    const cached = this.dynamic.get(key)
    if (cached !== undefined) return cached
    const slot = this.slotFor(key, undefined)
    if (this.dynamic.size < MAX_DYNAMIC) this.dynamic.set(key, slot)
    return slot
  }

  private remember(order: KeyOrder): void {
    this.orders = [order, ...this.orders.slice(0, MAX_ORDERS - 1)]
  }

  run(value: Record<string, unknown>, depth: number): Record<string, unknown> {
    const proto: unknown = Object.getPrototypeOf(value)
    const plain = proto === Object.prototype || proto === null
    let out = value
    let order: KeyOrder | undefined
    let keys: string[] | undefined
    let slots: Array<Slot | null> | undefined
    let index = 0
    for (const key in value) {
      if (!plain && !Object.hasOwn(value, key)) continue
      let slot: Slot | null
      if (keys === undefined && order !== undefined && order.keys[index] === key) {
        slot = order.slots[index]!
      } else if (keys === undefined && index === 0 && (order = this.orders.find((known) => known.keys[0] === key))) {
        slot = order.slots[0]!
      } else {
        if (keys === undefined) {
          keys = order === undefined ? [] : order.keys.slice(0, index)
          slots = order === undefined ? [] : order.slots.slice(0, index)
        }
        slot = this.lookup(key)
        keys.push(key)
        slots!.push(slot)
      }
      index++
      if (slot === null) continue
      const plan: Plan | null = slot.plan === undefined ? this.compile(slot) : slot.plan
      if (plan === null) continue
      const item = value[key]
      if (typeof item === plan.skip) continue
      const next = plan.run(item, depth)
      if (next !== item) {
        if (out === value) out = { ...value }
        setOwn(out, key, next)
      }
    }
    if (keys !== undefined) this.remember({ keys, slots: slots! })
    else if (order !== undefined && index !== order.keys.length) {
      this.remember({ keys: order.keys.slice(0, index), slots: order.slots.slice(0, index) })
    } else if (order !== undefined && order !== this.orders[0]) this.remember(order)
    return out
  }
}
