import { PATTERN_KEY_LIMIT, createPatternTest } from '@x/schema-ref'
import { generate, readableByName } from './generate.js'
import type { Budget, Compile, Layout, ObjectView, Position, Slot } from './types.js'
import type { Shape } from './shape.js'
import type { Walk } from './walk.js'

// Slots of keys outside `properties` are cached too, up to a bound: a model inventing keys cannot grow the cache.
const MAX_DYNAMIC = 256

/** The object half of a compiled position: `properties`, `patternProperties`, `additionalProperties`. */
export class ObjectPart implements ObjectView {
  private readonly declared = new Map<string, Slot>()
  private readonly dynamic = new Map<string, Slot | null>()
  private readonly patterns: Array<{ test: (key: string) => boolean; schema: unknown }> = []
  private readonly opaque: boolean // a pattern was refused (see createPatternTest): which keys it covers is unknown
  private readonly additional: readonly unknown[]
  private readonly closed: boolean
  private readonly required: readonly string[]
  private rest: Slot | undefined // the slot of every key that only `additionalProperties` reaches
  generated: ObjectPart['interpret'] | null | undefined // made by generate.ts on a warm call; null: it cannot be
  private readonly compile: Compile

  constructor(shape: Shape, compile: Compile) {
    this.compile = compile
    for (const [source, schema] of shape.patterns) {
      const test = createPatternTest(source)
      if (test !== undefined) this.patterns.push({ test, schema })
    }
    this.opaque = this.patterns.length < shape.patterns.length
    this.additional = shape.additional
    this.closed = shape.closed
    this.required = [...shape.required]
    for (const [key, schemas] of shape.properties) this.declared.set(key, this.slotFor(key, schemas)!)
  }

  private slotFor(key: string, declared: readonly unknown[] | undefined): Slot | null {
    const matching = this.patterns.filter((pattern) => pattern.test(key)).map((pattern) => pattern.schema)
    if (declared !== undefined || matching.length > 0)
      return { schemas: [...(declared ?? []), ...matching], node: undefined }
    if (this.uncertain(key) || this.additional.length === 0) return null
    return (this.rest ??= { schemas: this.additional, node: undefined })
  }

  // A key some pattern might cover, unknown which: `additionalProperties` may not apply.
  private uncertain(key: string): boolean {
    return this.opaque || (this.patterns.length > 0 && key.length > PATTERN_KEY_LIMIT)
  }

  /** The node of the value at `key`, or null when no value there can change. */
  nodeFor(key: string): Position | null {
    let slot = this.declared.get(key) ?? this.dynamic.get(key)
    if (slot === undefined) {
      slot = this.slotFor(key, undefined)
      if (this.dynamic.size < MAX_DYNAMIC) this.dynamic.set(key, slot)
    }
    return slot === null ? null : slot.node === undefined ? this.compile(slot) : slot.node
  }

  /** Whether `key` is declared here: a property, or a key some (accepted) pattern matches. */
  declares(key: string): boolean {
    return this.declared.has(key) || this.patterns.some((pattern) => pattern.test(key))
  }

  /** Whether `value` owns every required name, and each own property a coercion would reach is allowed and fits. */
  fits(value: Record<string, unknown>, budget: Budget): boolean {
    for (const key of this.required) if (!Object.hasOwn(value, key)) return false // as many reads as the schema lists
    // Other keys matter only under patterns or additionalProperties; then each spends the budget, reached or not.
    const rest = this.patterns.length > 0 || this.additional.length > 0 || this.closed
    for (const key of rest ? Object.keys(value) : this.declared.keys()) {
      if (!Object.hasOwn(value, key)) continue
      if (rest && --budget.left < 0) return false
      const node = this.nodeFor(key)
      if (node === null ? this.closed && !this.declares(key) && !this.uncertain(key) : !node.fits(value[key], budget))
        return false
    }
    return true
  }

  fresh(value: Record<string, unknown>, depth: number, walk: Walk): Record<string, unknown> {
    if (this.generated === undefined && walk.generates) this.generated = generate(this, true) ?? null
    // The generated run tests for a plain object itself (see generate.ts).
    return this.generated != null ? this.generated(value, depth, walk) : this.interpret(value, depth, walk)
  }

  layout(limit: number): Layout | undefined {
    if (this.patterns.length > 0 || this.opaque || this.declared.size > limit) return undefined
    if (this.additional.length > 0) {
      if (this.declared.size > 0) return undefined
      const node = this.nodeFor('') // no declared names, no patterns: every key reaches `additionalProperties`
      return node === null ? { properties: [] } : { everyKey: node }
    }
    const properties: Array<{ key: string; node: Position }> = []
    for (const key of this.declared.keys()) {
      if (!readableByName(key)) return undefined
      const node = this.nodeFor(key)
      if (node !== null) properties.push({ key, node })
    }
    return { properties }
  }

  interpret(value: Record<string, unknown>, depth: number, walk: Walk): Record<string, unknown> {
    let out = value
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue // an inherited enumerable key (a polluted prototype) is never written
      const node = this.nodeFor(key)
      if (node === null) continue
      const item = value[key]
      const next = node.run(item, depth, walk)
      if (next === item) continue
      const copy = out === value && !walk.owned ? { ...value } : out
      // Only an own key is written, so even `__proto__` is a data write (a Proxy can hide a key from the spread).
      if (!Object.hasOwn(copy, key)) continue
      out = copy
      out[key] = next
    }
    return out
  }
}
