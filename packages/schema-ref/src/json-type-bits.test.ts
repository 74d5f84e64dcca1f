import { deepFreeze } from '@x/test-utils'
import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { JsonTypeBits, typeBitsOfKeyword, typeBitsOfValue } from './json-type-bits.js'

const { NULL, BOOLEAN, INTEGER, NUMBER, STRING, ARRAY, OBJECT, ANY } = JsonTypeBits
const NAMES = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'] as const

// The JSON Schema type names a JSON value is an instance of, read off the
// value directly (not through the bits): an integral number is both.
const typeNamesOf = (value: unknown): string[] => {
  if (value === null) return ['null']
  if (Array.isArray(value)) return ['array']
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number']
  return [typeof value]
}
const admits = (types: number, value: unknown): boolean => (typeBitsOfValue(value) & types) !== 0

const revoked = (): object => {
  const { proxy, revoke } = Proxy.revocable([], {})
  revoke()
  return proxy
}

describe('JsonTypeBits', () => {
  it('gives each of the seven JSON types its own bit, and ANY all of them', () => {
    expect(JsonTypeBits).toEqual({
      NULL: 1,
      BOOLEAN: 2,
      INTEGER: 4,
      NUMBER: 8,
      STRING: 16,
      ARRAY: 32,
      OBJECT: 64,
      ANY: 127,
    })
    expect(NULL | BOOLEAN | INTEGER | NUMBER | STRING | ARRAY | OBJECT).toBe(ANY)
  })

  it('is frozen', () => {
    expect(Object.isFrozen(JsonTypeBits)).toBe(true)
  })
})

describe('typeBitsOfKeyword', () => {
  it.each(
    deepFreeze([
      { rule: 'null', type: 'null', expected: NULL },
      { rule: 'boolean', type: 'boolean', expected: BOOLEAN },
      { rule: 'integer', type: 'integer', expected: INTEGER },
      { rule: 'number admits integers too', type: 'number', expected: NUMBER | INTEGER },
      { rule: 'string', type: 'string', expected: STRING },
      { rule: 'array', type: 'array', expected: ARRAY },
      { rule: 'object', type: 'object', expected: OBJECT },
      { rule: 'a list ORs its names', type: ['string', 'null'], expected: STRING | NULL },
      { rule: 'a list with number', type: ['number', 'boolean'], expected: NUMBER | INTEGER | BOOLEAN },
      { rule: 'a list of one name', type: ['array'], expected: ARRAY },
      { rule: 'a name twice counts once', type: ['object', 'object'], expected: OBJECT },
      { rule: 'all seven names', type: [...NAMES], expected: ANY },
      { rule: 'an empty list admits nothing', type: [], expected: 0 },
      { rule: 'absent (undefined) admits all', type: undefined, expected: ANY },
      { rule: 'an unknown name admits all', type: 'int', expected: ANY },
      { rule: 'names are case-sensitive', type: 'String', expected: ANY },
      { rule: 'the empty name admits all', type: '', expected: ANY },
      { rule: '"__proto__" is not a name', type: '__proto__', expected: ANY },
      { rule: '"constructor" is not a name', type: 'constructor', expected: ANY },
      { rule: '"toString" is not a name', type: 'toString', expected: ANY },
      { rule: '"hasOwnProperty" is not a name', type: 'hasOwnProperty', expected: ANY },
      { rule: 'a list with "__proto__" admits all', type: ['string', '__proto__'], expected: ANY },
      { rule: 'a list with "constructor" admits all', type: ['constructor', 'null'], expected: ANY },
      { rule: 'a list with an unknown name admits all', type: ['string', 'text'], expected: ANY },
      { rule: 'a list with a number admits all', type: ['string', 1], expected: ANY },
      { rule: 'a list with null admits all', type: [null, 'string'], expected: ANY },
      { rule: 'a list with an object admits all', type: ['string', { type: 'string' }], expected: ANY },
      { rule: 'a list with a nested list admits all', type: [['string']], expected: ANY },
      { rule: 'null admits all', type: null, expected: ANY },
      { rule: 'a number admits all', type: 16, expected: ANY },
      { rule: 'a boolean admits all', type: true, expected: ANY },
      { rule: 'an object admits all', type: { string: true }, expected: ANY },
    ]),
  )('$rule', ({ type, expected }) => {
    expect(typeBitsOfKeyword(type)).toBe(expected)
  })

  // Callers catch once around a whole pass and give the input back as sent;
  // reading an unreadable list as some type would let the pass go on.
  it('lets the error of a list whose reading throws through', () => {
    const throwing = Object.defineProperty(['string'], 1, {
      enumerable: true,
      get() {
        throw new Error('boom')
      },
    })
    expect(() => typeBitsOfKeyword(throwing)).toThrow('boom')
    expect(() => typeBitsOfKeyword(revoked())).toThrow(TypeError)
  })

  it('ORs the bits of the names of a list (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...NAMES), { maxLength: 10 }), (names) => {
        const expected = names.reduce((bits, name) => bits | typeBitsOfKeyword(name), 0)
        expect(typeBitsOfKeyword(deepFreeze(names))).toBe(expected)
      }),
    )
  })

  it('never throws and answers bits within ANY (fast-check)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.anything()), (type) => {
        const bits = typeBitsOfKeyword(type)
        expect(bits & ~ANY).toBe(0)
      }),
    )
  })
})

describe('typeBitsOfValue', () => {
  it.each(
    deepFreeze([
      { rule: 'a string', value: 'x', expected: STRING },
      { rule: 'the empty string', value: '', expected: STRING },
      { rule: 'a numeric string is a string', value: '5', expected: STRING },
      { rule: 'an integral number is both integer and number', value: 5, expected: INTEGER | NUMBER },
      { rule: 'zero', value: 0, expected: INTEGER | NUMBER },
      { rule: 'minus zero', value: -0, expected: INTEGER | NUMBER },
      { rule: 'a negative integer', value: -3, expected: INTEGER | NUMBER },
      { rule: '5.0 is integral', value: 5.0, expected: INTEGER | NUMBER },
      { rule: 'an integer beyond 2^53', value: 2 ** 60, expected: INTEGER | NUMBER },
      { rule: 'a fraction is a number only', value: 0.5, expected: NUMBER },
      { rule: 'a negative fraction', value: -1.25, expected: NUMBER },
      { rule: 'NaN is a number only', value: Number.NaN, expected: NUMBER },
      { rule: 'Infinity is a number only', value: Number.POSITIVE_INFINITY, expected: NUMBER },
      { rule: 'true', value: true, expected: BOOLEAN },
      { rule: 'false', value: false, expected: BOOLEAN },
      { rule: 'null', value: null, expected: NULL },
      { rule: 'an empty array', value: [], expected: ARRAY },
      { rule: 'an array', value: [1, 'a'], expected: ARRAY },
      { rule: 'an empty object', value: {}, expected: OBJECT },
      { rule: 'an object', value: { type: 'array' }, expected: OBJECT },
      { rule: 'undefined is not JSON', value: undefined, expected: 0 },
    ]),
  )('$rule', ({ value, expected }) => {
    expect(typeBitsOfValue(value)).toBe(expected)
  })

  it.each([
    { rule: 'a function', value: () => 1 },
    { rule: 'a symbol', value: Symbol('x') },
    { rule: 'a bigint', value: 10n },
  ])('answers 0 for what JSON cannot hold: $rule', ({ value }) => {
    expect(typeBitsOfValue(value)).toBe(0)
  })

  it('lets the TypeError of a revoked Proxy through, as Array.isArray does', () => {
    expect(() => typeBitsOfValue(revoked())).toThrow(TypeError)
  })

  it('reads an object without a prototype and a live Proxy by what they are', () => {
    expect(typeBitsOfValue(Object.create(null))).toBe(OBJECT)
    expect(typeBitsOfValue(new Proxy([], {}))).toBe(ARRAY)
    expect(typeBitsOfValue(new Proxy({}, {}))).toBe(OBJECT)
  })

  it("a value's bits meet the keyword naming its JSON type (fast-check)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 2 }), (value) => {
        for (const name of typeNamesOf(value)) expect(admits(typeBitsOfKeyword(name), value), name).toBe(true)
      }),
    )
  })

  it('admits a value under a name exactly when it is of that JSON type (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 2 }), (value) => {
        const names = typeNamesOf(value)
        for (const name of NAMES) expect(admits(typeBitsOfKeyword(name), value), name).toBe(names.includes(name))
      }),
    )
  })

  it('admits what ajv accepts for the same type keyword (fast-check)', () => {
    const ajv = new Ajv2020({ strict: false })
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 2 }),
        fc.oneof(fc.constantFrom(...NAMES), fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1 })),
        (value, type) => {
          const schema = deepFreeze({ type })
          expect(admits(typeBitsOfKeyword(schema.type), value)).toBe(ajv.validate(schema, value))
        },
      ),
    )
  })
})
