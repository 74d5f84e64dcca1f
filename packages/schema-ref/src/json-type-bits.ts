// JSON types as bits, so "is this value admitted here" is one AND. Both
// @x/arg-coerce and @x/key-unmap ask "does this value already have this
// branch's types" through these readings, so they answer it the same way and
// choose the same union branch.

/**
 * The seven JSON Schema types as bits, and `ANY` for all of them.
 *
 * A set of types is the OR of its bits, and "is a value admitted" is
 * `(typeBitsOfValue(value) & types) !== 0`. `INTEGER` is its own bit because
 * JSON Schema's `integer` is a subset of `number`: the `number` keyword reads
 * as `NUMBER | INTEGER`, and an integral number value carries both bits, so
 * each admits what it should. Frozen.
 *
 * @example
 * ```ts
 * JsonTypeBits.STRING | JsonTypeBits.NULL // => 17
 * (typeBitsOfValue(3) & typeBitsOfKeyword('integer')) !== 0 // => true
 * (typeBitsOfValue(3.5) & typeBitsOfKeyword('integer')) !== 0 // => false
 * ```
 */
export const JsonTypeBits = Object.freeze({
  NULL: 1,
  BOOLEAN: 2,
  INTEGER: 4,
  NUMBER: 8,
  STRING: 16,
  ARRAY: 32,
  OBJECT: 64,
  ANY: 127,
} as const)

const { NULL, BOOLEAN, INTEGER, NUMBER, STRING, ARRAY, OBJECT, ANY } = JsonTypeBits

// Looked up with Object.hasOwn: a schema's `"type": "__proto__"` or
// `"constructor"` is not a name here and reads as unknown (ANY).
const NAMED: Readonly<Record<string, number>> = Object.freeze({
  null: NULL,
  boolean: BOOLEAN,
  integer: INTEGER,
  number: NUMBER | INTEGER,
  string: STRING,
  array: ARRAY,
  object: OBJECT,
})

/**
 * The {@link JsonTypeBits} a schema's `type` keyword admits.
 *
 * `type` is the keyword's value as found in the schema: one type name, or a
 * list of names whose bits are ORed (`[]` admits nothing: `0`). `"number"`
 * reads as `NUMBER | INTEGER`. Anything this cannot read admits everything,
 * as if the keyword were absent, and answers `ANY`: `undefined`, a name that
 * is not one of the seven JSON types (`"int"`, `"__proto__"`), a list holding
 * such a name or a non-string, any other value. Own properties only;
 * linear in the length of the list. Never throws on JSON; a hand-built list
 * whose reading throws (a revoked Proxy, a throwing getter) lets that error
 * through, so a pass that reads such a schema under one `try` gives up on
 * it as a whole.
 *
 * @example
 * ```ts
 * typeBitsOfKeyword('string') // => 16
 * typeBitsOfKeyword('number') // => 12 (NUMBER | INTEGER)
 * typeBitsOfKeyword(['string', 'null']) // => 17
 * typeBitsOfKeyword(undefined) // => 127 (ANY)
 * typeBitsOfKeyword(['string', 1]) // => 127 (ANY)
 * ```
 */
export function typeBitsOfKeyword(type: unknown): number {
  if (typeof type === 'string') return Object.hasOwn(NAMED, type) ? NAMED[type]! : ANY
  if (!Array.isArray(type)) return ANY
  let bits = 0
  for (const name of type) {
    if (typeof name !== 'string' || !Object.hasOwn(NAMED, name)) return ANY
    bits |= NAMED[name]!
  }
  return bits
}

/**
 * The {@link JsonTypeBits} of a JSON value.
 *
 * An integral number carries `INTEGER | NUMBER` (`3` is both an integer and
 * a number), any other number `NUMBER` only (`NaN` and the infinities too:
 * `typeof` says number). What JSON cannot hold (`undefined`, functions,
 * symbols, bigints) answers `0`, which no set of types admits. Arrays are
 * `ARRAY`, every other object `OBJECT`. Never throws, except the TypeError
 * `Array.isArray` throws for a revoked Proxy: a pass that reads hand-built
 * values under one `try` then gives up on the value as a whole, rather than
 * go on as if that part were not JSON.
 *
 * @example
 * ```ts
 * typeBitsOfValue('5') // => 16 (STRING)
 * typeBitsOfValue(5) // => 12 (INTEGER | NUMBER)
 * typeBitsOfValue(0.5) // => 8 (NUMBER)
 * typeBitsOfValue(null) // => 1 (NULL)
 * typeBitsOfValue([]) // => 32 (ARRAY)
 * typeBitsOfValue(undefined) // => 0
 * ```
 */
export function typeBitsOfValue(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return STRING
    case 'number':
      return Number.isInteger(value) ? INTEGER | NUMBER : NUMBER
    case 'boolean':
      return BOOLEAN
    case 'object':
      return value === null ? NULL : Array.isArray(value) ? ARRAY : OBJECT
    default:
      return 0
  }
}
