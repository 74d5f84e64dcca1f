import { createPatternTest } from '@x/schema-ref'
import { once, REMEMBER_AFTER, walk } from './walk.js'
import type { CompileSlot, ConformBudget, Plan, Slot } from './plan.js'
import { NOT_PARSED, parseBoolean, parseNumber } from './parse-scalar.js'
import { Kind, conformsTo, setOwn, visit } from './plan.js'
import type { Shape } from './shape.js'
import { storeAt } from './store-at.js'
import { ArrayPart } from './array-part.js'
import { copyAt, takeCopySite } from './copy-at.js'
import { NULL } from './type-bits.js'
import type { GeneratedProperty, GeneratedRun } from './generated-run.js'
import { codegen, generateRun, MAX_GENERATED_PROPERTIES, readableByName } from './generated-run.js'

interface KeyOrder {
  readonly keys: readonly string[]
  /** Per key: its plan, or null when that key can never change. */
  readonly plans: ReadonlyArray<Plan | null>
  /** Per key: its plan's kind, or -1 when its plan is null (read before the plan, so skipped keys never load it). */
  readonly kinds: readonly number[]
}

// Models send the keys of one tool in the same few orders. Remembering the
// last orders seen turns "which plan for this key" into an array read and a
// string comparison; a Map lookup happens only when the order changes.
const MAX_ORDERS = 4
// Keys outside `properties` get their slot cached too, up to a bound, so a
// model inventing keys cannot grow the cache without limit.
const MAX_DYNAMIC = 256
// How many levels of nested object parts one specialization reaches.
const MAX_SPECIALIZE_DEPTH = 32
// How many levels of objects below a part its generated code coerces in place.
const MAX_INLINE_LEVELS = 4

// createPatternTest's key budget: past it a tester claims no match, so
// whether such a key falls under `additionalProperties` is unknown.
const PATTERN_KEY_BUDGET = 256

/** The object half of a compiled shape: `properties`, `patternProperties`, `additionalProperties`. */
export class ObjectPart {
  private readonly declared = new Map<string, Slot | null>()
  private readonly dynamic = new Map<string, Slot | null>()
  private readonly patterns: Array<{ test: (key: string) => boolean; schema: unknown }> = []
  // A pattern that was refused (see createPatternTest) or does not compile:
  // which keys it covers is unknown.
  private readonly opaque: boolean
  private readonly additional: readonly unknown[]
  private orders: KeyOrder[] = []
  // The most recent order, unpacked, so the fast path reads three fields.
  private keys: readonly string[] | undefined
  private plans: ReadonlyArray<Plan | null> = []
  private kinds: readonly number[] = []
  private readonly copySite = takeCopySite()
  // Set to its specialized run (see generated-run.ts) when it runs in a
  // call that uses its schema for the `codegen.after`th time or later (or
  // when a part above inlines or calls it); null when it cannot be
  // specialized.
  private generated: GeneratedRun | null | undefined

  constructor(
    shape: Shape,
    private readonly compile: CompileSlot,
  ) {
    for (const { source, schema } of shape.patterns) {
      const test = createPatternTest(source)
      if (test !== undefined) this.patterns.push({ test, schema })
    }
    this.opaque = this.patterns.length < shape.patterns.length
    this.additional = shape.additional
    for (const [key, schemas] of shape.properties) this.declared.set(key, this.slotFor(key, schemas))
  }

  private slotFor(key: string, declared: readonly unknown[] | undefined): Slot | null {
    const matching = this.patterns.filter((pattern) => pattern.test(key)).map((pattern) => pattern.schema)
    // A key some pattern might cover, unknown which: `additionalProperties`
    // may not apply, so an undeclared one is left as sent.
    const uncertain = this.opaque || (this.patterns.length > 0 && key.length > PATTERN_KEY_BUDGET)
    const schemas =
      declared === undefined && matching.length === 0
        ? uncertain
          ? []
          : this.additional
        : [...(declared ?? []), ...matching]
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

  private planOf(key: string): Plan | null {
    const slot = this.lookup(key)
    if (slot === null) return null
    return slot.plan === undefined ? this.compile(slot) : slot.plan
  }

  /** Builds (and remembers) the order of `value`'s keys, for this call and the next ones. */
  private learn(value: Record<string, unknown>): KeyOrder {
    const keys: string[] = []
    for (const key in value) if (Object.hasOwn(value, key)) keys.push(key)
    const plans = keys.map((key) => this.planOf(key))
    const order: KeyOrder = { keys, plans, kinds: plans.map((plan) => (plan === null ? -1 : plan.kind)) }
    this.promote(order, this.orders.slice(0, MAX_ORDERS - 1))
    return order
  }

  private promote(order: KeyOrder, others: KeyOrder[]): void {
    this.orders = [order, ...others]
    this.keys = order.keys
    this.plans = order.plans
    this.kinds = order.kinds
  }

  private orderFor(value: Record<string, unknown>): KeyOrder {
    const orders = this.orders
    // The common case: the same keys in the same order as last time.
    for (let index = 0; index < orders.length; index++) {
      const order = orders[index]!
      const keys = order.keys
      let position = 0
      let same = true
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue
        if (keys[position] !== key) {
          same = false
          break
        }
        position++
      }
      if (same && position === keys.length) {
        if (index !== 0)
          this.promote(
            order,
            orders.filter((known) => known !== order),
          )
        return order
      }
    }
    return this.learn(value)
  }

  /** Whether every declared property the value owns already has its types (see conformsTo). */
  conforms(value: Record<string, unknown>, budget: ConformBudget): boolean {
    for (const key of this.declared.keys()) {
      if (!Object.hasOwn(value, key)) continue
      const plan = this.planOf(key)
      if (plan !== null && !conformsTo(plan, value[key], budget)) return false
    }
    return true
  }

  run(value: Record<string, unknown>, depth: number): Record<string, unknown> {
    return ++walk.visits > REMEMBER_AFTER ? once(this, value, depth) : this.fresh(value, depth)
  }

  /** `run` without the walk's memo (see walk.ts). */
  fresh(value: Record<string, unknown>, depth: number): Record<string, unknown> {
    const generated = this.generated
    // Generated code reads the declared names, and reading by name runs an
    // accessor the value inherits (`size` of a Map-like object) that the
    // interpreter's for...in never touches: only plain objects (prototype
    // Object.prototype or null) are read by name, so both tiers read the
    // same properties.
    const prototype = Object.getPrototypeOf(value)
    if (prototype !== Object.prototype && prototype !== null) return this.interpret(value, depth)
    if (generated != null) return generated(value, depth)
    if (generated === undefined && codegen.call >= codegen.after && codegen.allowed) {
      const specialized = this.specialize()
      if (specialized !== null) return specialized(value, depth)
    }
    return this.interpret(value, depth)
  }

  /**
   * Replaces the interpreter by a generated run that reads the declared
   * properties by name (see generated-run.ts). The objects below it (and the
   * objects in arrays below it) are coerced by code emitted in place, up to
   * MAX_GENERATED_PROPERTIES properties and MAX_INLINE_LEVELS levels in all,
   * so that one function covers a typical tool's arguments; past that, and
   * for a part that is its own ancestor (a recursive model), the part below
   * is called through its `run` (specialized too). Past
   * MAX_SPECIALIZE_DEPTH levels of schema (a hostile one cannot make this
   * recursion overflow the stack) the parts below specialize on their own
   * later. Returns the specialized run, or null when this part cannot be
   * specialized.
   */
  specialize(level = 0): GeneratedRun | null {
    if (this.generated !== undefined) return this.generated
    if (level > MAX_SPECIALIZE_DEPTH) return null
    // In progress: a recursive model reaches this part again from below and
    // gets null there (that call goes through `run`).
    this.generated = null
    const budget = { left: MAX_GENERATED_PROPERTIES }
    const properties = this.generatedProperties(new Set([this]), budget, 0, level)
    return (this.generated = properties === undefined ? null : (generateRun(properties) ?? null))
  }

  /** This part's declared properties for generated code, or undefined when it must keep the interpreter. */
  private generatedProperties(
    ancestors: Set<ObjectPart>,
    budget: { left: number },
    inlineLevel: number,
    level: number,
  ): GeneratedProperty[] | undefined {
    // Only declared properties may change: no `patternProperties`, no `additionalProperties` schema.
    if (this.patterns.length > 0 || this.opaque || this.additional.length > 0) return undefined
    const planned: Array<{ key: string; plan: Plan }> = []
    for (const key of this.declared.keys()) {
      if (!readableByName(key)) return undefined
      const plan = this.planOf(key)
      if (plan !== null) planned.push({ key, plan })
    }
    if (planned.length > budget.left) return undefined
    budget.left -= planned.length
    return planned.map(({ key, plan }) => {
      // An array of objects (no tuple prefix): the generated code loops over it itself.
      const items =
        plan.kind === Kind.Array && plan.arrayPart instanceof ArrayPart
          ? (plan.arrayPart.restPlan() ?? undefined)
          : undefined
      const part =
        plan.kind === Kind.Object ? plan.objectPart : items?.kind === Kind.Object ? items.objectPart : undefined
      if (!(part instanceof ObjectPart)) return { key, plan }
      if (!ancestors.has(part) && inlineLevel < MAX_INLINE_LEVELS) {
        ancestors.add(part)
        const inline = part.generatedProperties(ancestors, budget, inlineLevel + 1, level + 1)
        ancestors.delete(part)
        if (inline !== undefined) return { key, plan, items, inline }
      }
      // Called through its run (which checks the value's prototype and the
      // walk budget), specialized now so that the switch happens at once.
      part.specialize(level + 1)
      return { key, plan }
    })
  }

  /** The interpreter: one for...in over the value, each key's plan found through the last key orders seen. */
  private interpret(value: Record<string, unknown>, depth: number): Record<string, unknown> {
    const keys = this.keys
    if (keys === undefined) return this.runInOrder(value, depth)
    // Fast path: one for...in over the value (V8 reads `value[key]` from its
    // enum cache) checked key by key against the last order seen. An
    // inherited enumerable key (a polluted prototype, a class instance) is
    // never written: see the own-key check below.
    const plans = this.plans
    const kinds = this.kinds
    let out = value
    let index = 0
    for (const key in value) {
      if (keys[index] !== key) return this.runInOrder(value, depth)
      const kind = kinds[index++]!
      if (kind < 0) continue
      const item = value[key]
      // `visit`, unrolled: inlined here, the commonest cases (a value already
      // of its type, a stringified scalar, a nested object or array) cost no
      // call at all.
      let next: unknown
      switch (kind) {
        case Kind.SkipString:
          if (typeof item === 'string') continue
          next = plans[index - 1]!.run(item, depth)
          break
        case Kind.Integer:
        case Kind.Number: {
          if (typeof item !== 'string') continue
          const number = parseNumber(item, kind === Kind.Integer)
          if (number === NOT_PARSED) continue
          next = number
          break
        }
        case Kind.Boolean: {
          if (typeof item !== 'string') continue
          const boolean = parseBoolean(item)
          if (boolean === NOT_PARSED) continue
          next = boolean
          break
        }
        case Kind.SkipNumber:
          if (typeof item === 'number') continue
          // `["number", "null"]` and `Optional[float]`: a null there is admitted, so it stays.
          if (item === null && (plans[index - 1]!.types & NULL) !== 0) continue
          next = plans[index - 1]!.run(item, depth)
          break
        case Kind.SkipBoolean:
          if (typeof item === 'boolean') continue
          next = plans[index - 1]!.run(item, depth)
          break
        case Kind.Object:
          if (item === null && (plans[index - 1]!.types & NULL) !== 0) continue
          next =
            typeof item === 'object' && item !== null && !Array.isArray(item) && depth > 0
              ? plans[index - 1]!.objectPart!.run(item as Record<string, unknown>, depth - 1)
              : plans[index - 1]!.run(item, depth)
          break
        case Kind.Array:
          next =
            Array.isArray(item) && depth > 0
              ? plans[index - 1]!.arrayPart!.run(item, depth - 1)
              : plans[index - 1]!.run(item, depth)
          break
        default:
          next = visit(plans[index - 1]!, item, depth)
      }
      if (next !== item) {
        // Object.hasOwn in V8's shortcut form: inside `for (key in value)`,
        // `Object.prototype.hasOwnProperty.call(value, key)` written out
        // like this is reduced to the map check the loop already made, where
        // `Object.hasOwn` stays a call, and cheaper than a once-per-object
        // prototype check (getPrototypeOf and a for...in over an empty
        // object). A `const` alias of the method is not reduced: write it
        // out in full.
        if (!Object.prototype.hasOwnProperty.call(value, key)) continue
        if (out === value) out = copyAt(value, this.copySite)
        // `out` is a copy of `value` and `key` is own there, so even
        // `__proto__` is an own data property of `out` here: a plain store.
        storeAt(out, index - 1, key, next)
      }
    }
    return index === keys.length ? out : this.runInOrder(value, depth)
  }

  /** The slow path: find or learn the value's key order, then visit by index. Pure, so it may redo a partial fast pass. */
  private runInOrder(value: Record<string, unknown>, depth: number): Record<string, unknown> {
    const { keys, plans } = this.orderFor(value)
    let out = value
    for (let index = 0; index < keys.length; index++) {
      const plan = plans[index]!
      if (plan === null) continue
      const key = keys[index]!
      const item = value[key]
      const next = visit(plan, item, depth)
      if (next !== item) {
        if (out === value) out = { ...value }
        setOwn(out, key, next)
      }
    }
    return out
  }
}
