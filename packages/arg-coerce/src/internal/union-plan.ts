import { createPatternTest } from '@x/schema-ref'
import { NOT_PARSED, isNullWord, parseBoolean, parseNumber, parseStructure } from './parse-scalar.js'
import { Kind } from './plan.js'
import type { Shape } from './shape.js'
import type { ShapePlan } from './shape-plan.js'
import { ARRAY, NULL, OBJECT, STRING, bitsOfValue } from './type-bits.js'

interface Alternative {
  readonly plan: ShapePlan
  /** `plan.runner()`: the direct entry for a value of the branch's structure. */
  readonly run: (value: unknown, depth: number) => unknown
  readonly shape: Shape
  /** Properties whose `const` (or one-value `enum`) names this branch: pydantic and zod discriminated unions. */
  readonly tags: ReadonlyArray<{ key: string; value: unknown }>
}

/**
 * `anyOf` / `oneOf`: a value some branch already admits is left alone (an
 * object or array is still coerced inside, by the branch it belongs to);
 * otherwise the first branch whose coercion yields a value of its own type
 * wins.
 */
export class UnionPlan {
  readonly types: number
  readonly kind = Kind.Call
  private readonly objects: Alternative[]
  private readonly arrays: Alternative[]

  constructor(
    private readonly alternatives: readonly Alternative[],
    private readonly discriminator: Shape['discriminator'],
  ) {
    this.types = alternatives.reduce((bits, alternative) => bits | alternative.plan.types, 0)
    this.objects = alternatives.filter((alternative) => (alternative.plan.types & OBJECT) !== 0)
    this.arrays = alternatives.filter((alternative) => (alternative.plan.types & ARRAY) !== 0)
  }

  run(value: unknown, depth: number): unknown {
    const bits = bitsOfValue(value)
    if (bits === OBJECT && (this.types & OBJECT) !== 0)
      return this.pickObject(value as Record<string, unknown>).run(value, depth)
    if (bits === ARRAY && (this.types & ARRAY) !== 0) return this.runArray(value as unknown[], depth)
    if ((bits & this.types) !== 0) return value
    // Rule 4 whatever the union's order or spelling: an array branch tried
    // first would wrap "null" into ["null"] where a null branch admits null.
    if (bits === STRING && (this.types & NULL) !== 0 && isNullWord(value as string)) return null
    const parsedOnce = bits === STRING && (this.types & (OBJECT | ARRAY)) !== 0
    if (parsedOnce) {
      // Parse once, then choose the branch by what the parsed value says it is.
      const parsed = parseStructure(value as string)
      if (parsed !== NOT_PARSED && (bitsOfValue(parsed) & this.types) !== 0) return this.run(parsed, depth)
    }
    // The first branch whose coercion fits it through and through wins (a
    // lone 1.5 becomes ["1.5"] for array of integer | array of string, as
    // the array would on the next call); else the first whose coercion
    // yields its type at all.
    let fallback = value
    for (const alternative of this.alternatives) {
      const next = parsedOnce
        ? alternative.plan.coerceUnparsed(value as string, depth)
        : alternative.plan.run(value, depth)
      if (next === value || (bitsOfValue(next) & alternative.plan.types) === 0) continue
      if (alternative.plan.conforms(next)) return next
      if (fallback === value) fallback = next
    }
    return fallback
  }

  /**
   * An array goes to the branch it already fits (its items have that
   * branch's types, through nested arrays), coerced inside by that branch
   * only; else to the first branch whose coercion makes it fit without
   * wrapping its items into arrays (rule 6), so that stringified GeoJSON
   * LineString coordinates become a LineString, not a Polygon; else to the
   * first whose coercion makes it fit at all; else, as before, to the first
   * array branch.
   */
  private runArray(value: unknown[], depth: number): unknown {
    const arrays = this.arrays
    if (arrays.length === 1) return arrays[0]!.run(value, depth)
    for (const alternative of arrays) if (alternative.plan.conforms(value)) return alternative.run(value, depth)
    const levels = nesting(value, depth)
    let wrapped: unknown
    for (const alternative of arrays) {
      const next = alternative.run(value, depth)
      if (!alternative.plan.conforms(next)) continue
      if (nesting(next, depth) === levels) return next
      wrapped ??= next
    }
    return wrapped ?? arrays[0]!.run(value, depth)
  }

  private pickObject(value: Record<string, unknown>): Alternative {
    const objects = this.objects
    if (objects.length === 1) return objects[0]!
    const discriminator = this.discriminator
    if (discriminator !== undefined && Object.hasOwn(value, discriminator.propertyName)) {
      const tag = value[discriminator.propertyName]
      const target =
        typeof tag === 'string' && Object.hasOwn(discriminator.mapping, tag) ? discriminator.mapping[tag] : undefined
      const mapped =
        typeof target === 'string' ? objects.find((alternative) => alternative.shape.refs.includes(target)) : undefined
      if (mapped !== undefined) return mapped
    }
    const complete = objects.filter((alternative) =>
      [...alternative.shape.required].every((key) => Object.hasOwn(value, key)),
    )
    const fitting = complete.filter((alternative) =>
      Object.keys(value).every((key) => declares(alternative.shape, key)),
    )
    // Among the branches that declare every key, one whose properties
    // already have their types (and `const`s) wins: another would coerce a
    // valid value into something else ({k: "5"} for {k: integer} | {k: string}).
    const admitting = fitting.length > 1 ? fitting.find((alternative) => alternative.plan.conforms(value)) : undefined
    if (admitting !== undefined) return admitting
    // A branch is named by its tags when the value carries at least one of
    // them and none disagrees, each compared as that branch would coerce it
    // (`"5"` names the branch of `const: 5`): chosen on the raw value, the
    // branch could change once the tag is coerced, and a second call would
    // coerce the rest by another branch.
    const tagged = objects.find((alternative) => {
      let matched = false
      for (const { key, value: expected } of alternative.tags) {
        if (!Object.hasOwn(value, key)) continue
        if (!tagMatches(value[key], expected)) return false
        matched = true
      }
      return matched
    })
    if (tagged !== undefined) return tagged
    return fitting[0] ?? complete[0] ?? objects[0]!
  }
}

// How many arrays deep a value's first items go (at most `limit`).
function nesting(value: unknown, limit: number): number {
  let levels = 0
  for (let item = value; Array.isArray(item) && levels <= limit; item = item[0]) levels++
  return levels
}

// The coercion of a `const` position (rules 2, 3, 4 and 7) reduced to "does it give `expected`".
function tagMatches(sent: unknown, expected: unknown): boolean {
  if (sent === expected) return true
  if (typeof sent === 'string') {
    if (typeof expected === 'number') return parseNumber(sent, false) === expected
    if (typeof expected === 'boolean') return parseBoolean(sent) === expected
    return expected === null && isNullWord(sent)
  }
  return (
    typeof expected === 'string' && (typeof sent === 'number' || typeof sent === 'boolean') && String(sent) === expected
  )
}

const compiledPatterns = new WeakMap<Shape, Array<(key: string) => boolean>>()

// The tests of a branch's patternProperties, once per shape; a refused
// pattern (see createPatternTest) declares nothing.
function patternsOf(shape: Shape): Array<(key: string) => boolean> {
  let patterns = compiledPatterns.get(shape)
  if (patterns === undefined) {
    patterns = []
    for (const { source } of shape.patterns) {
      const test = createPatternTest(source)
      if (test !== undefined) patterns.push(test)
    }
    compiledPatterns.set(shape, patterns)
  }
  return patterns
}

function declares(shape: Shape, key: string): boolean {
  return shape.properties.has(key) || patternsOf(shape).some((test) => test(key))
}
