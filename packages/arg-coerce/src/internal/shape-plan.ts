import { ArrayPart } from './array-part.js'
import { ObjectPart } from './object-part.js'
import { NOT_PARSED, isBlank, isNullWord, parseBoolean, parseNumber, parseStructure } from './parse-scalar.js'
import type { CompileSlot, Plan } from './plan.js'
import { CONFORM_BUDGET, Kind, toPlan } from './plan.js'
import type { Shape } from './shape.js'
import { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING, bitsOfValue, onlyAdmits } from './type-bits.js'

function kindFor(types: number, hasObject: boolean, hasArray: boolean): number {
  // A value of an admitted scalar type is left alone (rule 1); that check is
  // the loop's inline `typeof`. Only one `typeof` fits, so pick the common one.
  if (types & INTEGER) return Kind.SkipNumber
  if (types & BOOLEAN) return Kind.SkipBoolean
  if (types & STRING) return Kind.SkipString
  if (types & OBJECT && !hasObject && !hasArray) return Kind.SkipObject
  return Kind.Call
}

/** The plan of one alternative: the coercion rules for its admitted types, then its children. */
export class ShapePlan {
  readonly types: number
  readonly kind: number
  private readonly enums: ReadonlyArray<readonly unknown[]>
  readonly objectPart: ObjectPart | undefined
  private readonly arrayPart: ArrayPart | undefined
  private readonly blankIsEmptyObject: boolean

  constructor(shape: Shape, compile: CompileSlot) {
    this.types = shape.types
    this.enums = shape.enums
    const children = shape.hasChildren
    this.objectPart =
      children &&
      (shape.types & OBJECT) !== 0 &&
      (shape.properties.size > 0 || shape.patterns.length > 0 || shape.additional.length > 0)
        ? new ObjectPart(shape, compile)
        : undefined
    this.arrayPart =
      (shape.types & ARRAY) !== 0 && (shape.prefix.length > 0 || shape.items.length > 0)
        ? new ArrayPart(shape, compile)
        : undefined
    this.blankIsEmptyObject = shape.required.size === 0
    this.kind = kindFor(this.types, this.objectPart !== undefined, this.arrayPart !== undefined)
  }

  /** False when no value can ever change here: every type admitted and nothing below to visit. */
  get useful(): boolean {
    return this.types !== 0 && (this.types !== ANY || this.objectPart !== undefined || this.arrayPart !== undefined)
  }

  /** This shape as the one plan shape the loops see. */
  toPlan(): Plan {
    const types = this.types & ~NULL
    if (this.objectPart !== undefined && types === OBJECT)
      return toPlan(this.types, Kind.Object, this.runner(), this.objectPart, undefined, this.enums)
    if (this.arrayPart !== undefined && types === ARRAY)
      return toPlan(this.types, Kind.Array, this.runner(), undefined, this.arrayPart, this.enums)
    return toPlan(this.types, this.kind, this.runner(), undefined, undefined, this.enums)
  }

  /**
   * The function behind `run`. For a shape that admits objects only (or
   * arrays only), the common case (a value of that structure) goes straight
   * to its part without the general type dispatch.
   */
  runner(): (value: unknown, depth: number) => unknown {
    const objectPart = this.objectPart
    if (objectPart !== undefined && (this.types & ~NULL) === OBJECT) {
      return (value, depth) =>
        typeof value === 'object' && value !== null && !Array.isArray(value) && depth > 0
          ? objectPart.run(value as Record<string, unknown>, depth - 1)
          : this.run(value, depth)
    }
    const arrayPart = this.arrayPart
    if (arrayPart !== undefined && (this.types & ~NULL) === ARRAY) {
      return (value, depth) =>
        Array.isArray(value) && depth > 0 ? arrayPart.run(value, depth - 1) : this.run(value, depth)
    }
    return (value, depth) => this.run(value, depth)
  }

  /** Whether `value` already has this shape's types, and so do its declared properties and items (see conformsTo). */
  conforms(value: unknown): boolean {
    const budget = { left: CONFORM_BUDGET }
    const bits = bitsOfValue(value)
    if ((bits & this.types) === 0) return false
    if (!this.inEnums(value)) return false
    if (bits === ARRAY) return this.arrayPart === undefined || this.arrayPart.conforms(value as unknown[], budget)
    if (bits === OBJECT)
      return this.objectPart === undefined || this.objectPart.conforms(value as Record<string, unknown>, budget)
    return true
  }

  private inEnums(value: unknown): boolean {
    for (const list of this.enums) if (!list.includes(value)) return false
    return true
  }

  private structure(value: object, depth: number): unknown {
    if (Array.isArray(value))
      return this.arrayPart === undefined || depth <= 0 ? value : this.arrayPart.run(value, depth - 1)
    return this.objectPart === undefined || depth <= 0
      ? value
      : this.objectPart.run(value as Record<string, unknown>, depth - 1)
  }

  run(value: unknown, depth: number): unknown {
    const bits = bitsOfValue(value)
    if ((bits & this.types) !== 0)
      return bits === OBJECT || bits === ARRAY ? this.structure(value as object, depth) : value
    return this.coerce(value, bits, depth)
  }

  /**
   * `run` for a string no branch admits, which the union already tried to
   * parse as JSON without finding a structure it admits: a second parse
   * per branch could only find the same.
   */
  coerceUnparsed(text: string, depth: number): unknown {
    return this.coerce(text, STRING, depth, false)
  }

  private coerce(value: unknown, bits: number, depth: number, parse = true): unknown {
    const types = this.types
    if (bits === STRING) {
      const text = value as string
      if (types & (INTEGER | NUMBER)) {
        const number = parseNumber(text, (types & NUMBER) === 0)
        if (number !== NOT_PARSED && this.inEnums(number)) return number
      }
      if (types & BOOLEAN) {
        const boolean = parseBoolean(text)
        if (boolean !== NOT_PARSED && this.inEnums(boolean)) return boolean
      }
      if (types & NULL && isNullWord(text) && this.inEnums(null)) return null
      if (types & (OBJECT | ARRAY)) {
        if (types & OBJECT && this.blankIsEmptyObject && isBlank(text)) return {}
        const parsed = parse ? parseStructure(text) : NOT_PARSED
        if (parsed !== NOT_PARSED && (bitsOfValue(parsed) & types) !== 0) return this.structure(parsed, depth)
      }
    } else if ((bits & (NUMBER | BOOLEAN)) !== 0 && onlyAdmits(types, STRING)) {
      const text = String(value)
      if (this.inEnums(text)) return text
    }
    if (onlyAdmits(types, ARRAY) && bits !== 0 && bits !== NULL && depth > 0) {
      const plan = this.arrayPart?.planAt(0) ?? null
      return [plan === null ? value : plan.run(value, depth - 1)]
    }
    return value
  }
}
