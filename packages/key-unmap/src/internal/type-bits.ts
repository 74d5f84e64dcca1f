// JSON types as bits, read exactly as @x/arg-coerce reads them (its
// type-bits.ts), so that "the value already has this branch's types" means
// the same in both packages and both choose the same union branch.
// `number` admits integers, so its mask carries both bits; an integral
// number value carries both bits as well, a fractional one only NUMBER.
export const NULL = 1
export const BOOLEAN = 2
export const INTEGER = 4
export const NUMBER = 8
export const STRING = 16
export const ARRAY = 32
export const OBJECT = 64
export const ANY = 127

const NAMED: ReadonlyMap<string, number> = new Map([
  ['null', NULL],
  ['boolean', BOOLEAN],
  ['integer', INTEGER],
  ['number', NUMBER | INTEGER],
  ['string', STRING],
  ['array', ARRAY],
  ['object', OBJECT],
])

/** The bits of a schema's `type` keyword (a name or a list of names); ANY when absent or unreadable. */
export function bitsOfTypeKeyword(type: unknown): number {
  if (typeof type === 'string') return NAMED.get(type) ?? ANY
  if (!Array.isArray(type)) return ANY
  let bits = 0
  for (const name of type) {
    const named = typeof name === 'string' ? NAMED.get(name) : undefined
    if (named === undefined) return ANY
    bits |= named
  }
  return bits
}

/** The bits a JSON value satisfies; 0 for what JSON cannot hold (undefined, functions, ...). */
export function bitsOfValue(value: unknown): number {
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
