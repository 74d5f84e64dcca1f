import { describe, expect, it } from 'vitest'
import { coerceToolArgs } from './coerce-tool-args.js'
import { deepFreeze } from '@x/test-utils'
import { expectCoercion, validatorFor } from './test-support/check.js'

/** `sent` under `value: {anyOf: branches}` becomes `received`, which is valid there. */
function expectUnionCoercion(branches: readonly object[], sent: unknown, received: unknown): void {
  expectCoercion(
    { type: 'object', properties: { value: { anyOf: branches } } },
    { value: sent },
    { value: received },
    { valid: true },
  )
}

const integer = { type: 'integer' }
const point = { type: 'object', properties: { x: integer, y: integer }, required: ['x', 'y'] }

describe('rule 8: unions without a top-level type', () => {
  it.each([
    [
      'anyOf [object, null] parses a JSON string (the nullable-object case)',
      { anyOf: [point, { type: 'null' }] },
      '{"x": "1", "y": 2}',
      { x: 1, y: 2 },
    ],
    ['anyOf [object, null] takes "null" as null', { anyOf: [point, { type: 'null' }] }, 'null', null],
    [
      'anyOf [null, object] coerces inside an object value',
      { anyOf: [{ type: 'null' }, point] },
      { x: '3', y: '4' },
      { x: 3, y: 4 },
    ],
    ['the first branch whose coercion yields its type wins', { anyOf: [{ type: 'boolean' }, integer] }, '12', 12],
    ['a scalar admitted by a later branch is left alone', { anyOf: [integer, { type: 'boolean' }] }, true, true],
    ['oneOf behaves like anyOf', { oneOf: [{ type: 'array', items: integer }, { type: 'null' }] }, '["1"]', [1]],
    [
      'a scalar for [array, null] is wrapped by the array branch',
      { anyOf: [{ type: 'array', items: integer }, { type: 'null' }] },
      '7',
      [7],
    ],
    ['a number for [string, null] becomes the string', { anyOf: [{ type: 'string' }, { type: 'null' }] }, 5, '5'],
    [
      'a top-level type and branches combine',
      { type: 'object', anyOf: [{ properties: { a: integer } }] },
      { a: '1' },
      { a: 1 },
    ],
    [
      'nested unions flatten',
      { anyOf: [{ anyOf: [{ type: 'null' }, integer] }, { type: 'string', format: 'date' }] },
      '3',
      '3',
    ],
    ['a union inside allOf', { allOf: [{ anyOf: [integer, { type: 'null' }] }] }, '9', 9],
  ])('%s', (_title, property, sent, received) => {
    expectCoercion(
      { type: 'object', properties: { value: property } },
      { value: sent },
      { value: received },
      { valid: true },
    )
  })
})

const cat = { type: 'object', properties: { kind: { const: 'cat' }, lives: integer }, required: ['kind'] }
const dog = { type: 'object', properties: { kind: { const: 'dog' }, good: { type: 'boolean' } }, required: ['kind'] }

describe('rule 8: unions of objects choose the branch by what the value says it is', () => {
  it('an OpenAPI discriminator mapping (pydantic discriminated unions)', () => {
    const schema = {
      type: 'object',
      properties: {
        pet: {
          oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
          discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/Cat', dog: '#/$defs/Dog' } },
        },
      },
      $defs: { Cat: cat, Dog: dog },
    }
    expectCoercion(
      schema,
      { pet: { kind: 'dog', good: 'true' } },
      { pet: { kind: 'dog', good: true } },
      { valid: true },
    )
    expectCoercion(
      schema,
      { pet: '{"kind": "cat", "lives": "9"}' },
      { pet: { kind: 'cat', lives: 9 } },
      { valid: true },
    )
  })

  it('a const property that matches (zod discriminatedUnion)', () => {
    const schema = { type: 'object', properties: { pet: { anyOf: [cat, dog] } } }
    expectCoercion(
      schema,
      { pet: { kind: 'dog', good: 'false' } },
      { pet: { kind: 'dog', good: false } },
      { valid: true },
    )
  })

  it('a single-value enum property that matches', () => {
    const on = { type: 'object', properties: { mode: { enum: ['on'] }, level: integer } }
    const off = { type: 'object', properties: { mode: { enum: ['off'] }, level: { type: 'string' } } }
    const schema = { type: 'object', properties: { setting: { anyOf: [on, off] } } }
    expectCoercion(
      schema,
      { setting: { mode: 'off', level: 3 } },
      { setting: { mode: 'off', level: '3' } },
      { valid: true },
    )
  })

  it('otherwise the first branch whose declared properties fit the value', () => {
    const byId = { type: 'object', properties: { id: integer }, required: ['id'], additionalProperties: false }
    const byName = {
      type: 'object',
      properties: { name: { type: 'string' }, limit: integer },
      required: ['name'],
      additionalProperties: false,
    }
    const schema = { type: 'object', properties: { query: { anyOf: [byId, byName] } } }
    expectCoercion(
      schema,
      { query: { name: 'ada', limit: '2' } },
      { query: { name: 'ada', limit: 2 } },
      { valid: true },
    )
    expectCoercion(schema, { query: '{"id": "4"}' }, { query: { id: 4 } }, { valid: true })
  })

  it('patternProperties count as declared when fitting a branch', () => {
    const named = { type: 'object', properties: { a: { type: 'string' } } }
    const patterned = { type: 'object', patternProperties: { '^x_': integer }, additionalProperties: false }
    const schema = { type: 'object', properties: { v: { anyOf: [named, patterned] } } }
    expectCoercion(schema, { v: { x_1: '5' } }, { v: { x_1: 5 } }, { valid: true })
  })

  it('a recursive union keeps its other alternatives (branches that re-enter themselves stop)', () => {
    const schema = {
      $defs: {
        T: { anyOf: [{ $ref: '#/$defs/T' }, { type: 'object', properties: { a: { $ref: '#/$defs/T' }, n: integer } }] },
      },
      type: 'object',
      properties: { t: { $ref: '#/$defs/T' } },
    }
    const expected = { t: { a: { a: { n: 1 } }, n: 2 } }
    expect(coerceToolArgs(deepFreeze(schema), deepFreeze({ t: { a: { a: { n: '1' } }, n: '2' } }))).toEqual(expected)
    // ajv itself recurses forever on a left-recursive union, so the output is
    // validated against the equivalent schema without the self-branch.
    const equivalent = { ...schema, $defs: { T: { anyOf: [schema.$defs.T.anyOf[1]] } } }
    expect(validatorFor(equivalent)(expected)).toBe(true)
  })

  it('a union whose every branch re-enters itself passes values through', () => {
    const schema = {
      $defs: { L: { anyOf: [{ $ref: '#/$defs/L' }] } },
      type: 'object',
      properties: { l: { $ref: '#/$defs/L' } },
    }
    const args = { l: '5' }
    expect(coerceToolArgs(schema, args)).toBe(args)
  })

  it('wide and mutually recursive unions compile in bounded time', () => {
    const defs: Record<string, unknown> = {}
    for (let index = 0; index < 12; index++) {
      defs[`D${index}`] = {
        anyOf: [
          ...Array.from({ length: 12 }, (_, other): object => ({ $ref: `#/$defs/D${other}` })),
          { type: 'integer' },
        ],
      }
    }
    const schema = { $defs: defs, type: 'object', properties: { v: { $ref: '#/$defs/D0' } } }
    expect(coerceToolArgs(schema, { v: '3' })).toEqual({ v: 3 })
  })
})

const strings = { type: 'array', items: { type: 'string' } }

describe('rule 4 in unions: "null" is null wherever a branch admits null, in any spelling and order', () => {
  it.each([
    ['anyOf [array, null]', { anyOf: [strings, { type: 'null' }] }],
    ['anyOf [null, array]', { anyOf: [{ type: 'null' }, strings] }],
    ['oneOf [array, null]', { oneOf: [strings, { type: 'null' }] }],
    ['type [array, null]', { type: ['array', 'null'], items: { type: 'string' } }],
    ['nullable array', { type: 'array', items: { type: 'string' }, nullable: true }],
    [
      'anyOf [array, object, null]',
      { anyOf: [strings, { type: 'object', properties: { a: integer } }, { type: 'null' }] },
    ],
    ['anyOf [integer, array, null]', { anyOf: [integer, strings, { type: 'null' }] }],
  ])('%s', (_title, property) => {
    for (const sent of ['null', ' NULL '])
      expectCoercion(
        { type: 'object', properties: { value: property } },
        { value: sent },
        { value: null },
        { valid: true },
      )
  })

  it('a union that admits strings keeps "null" a string', () => {
    expectCoercion(
      { type: 'object', properties: { value: { anyOf: [strings, { type: 'string' }, { type: 'null' }] } } },
      { value: 'null' },
      { value: 'null' },
      { valid: true },
    )
  })
})

const numbers = (depth: number): object => {
  let schema: object = { type: 'number' }
  for (let level = 0; level < depth; level++) schema = { type: 'array', items: schema }
  return schema
}
const geoPoint = numbers(1)
const lineString = numbers(2)
const polygon = numbers(3)

describe('rule 8 for arrays: a union of array branches chooses the branch the array fits', () => {
  it.each([
    [
      'a valid array of strings is not coerced by an earlier array of objects',
      [{ type: 'array', items: { type: 'object' } }, strings],
      ['', 'x'],
      ['', 'x'],
      true,
    ],
    [
      'GeoJSON: stringified LineString coordinates become a LineString',
      [geoPoint, lineString, polygon],
      [
        ['1', '2'],
        ['3', '4'],
      ],
      [
        [1, 2],
        [3, 4],
      ],
      true,
    ],
    ['GeoJSON reversed: a valid Point stays a Point', [polygon, lineString, geoPoint], [1, 2], [1, 2], true],
    [
      'GeoJSON reversed: a valid LineString stays',
      [polygon, lineString, geoPoint],
      [
        [1, 2],
        [3, 4],
      ],
      [
        [1, 2],
        [3, 4],
      ],
      true,
    ],
    [
      'GeoJSON: stringified Polygon coordinates',
      [geoPoint, lineString, polygon],
      [
        [
          ['1', '2'],
          ['3', '4'],
        ],
      ],
      [
        [
          [1, 2],
          [3, 4],
        ],
      ],
      true,
    ],
    ['GeoJSON: stringified Point coordinates', [polygon, lineString, geoPoint], ['1', '2'], [1, 2], true],
    [
      'the items of the chosen branch are still coerced',
      [strings, { type: 'array', items: { type: 'object', properties: { n: integer } } }],
      [{ n: '1' }],
      [{ n: 1 }],
      true,
    ],
    [
      'nothing fits: the first array branch coerces, as before',
      [
        { type: 'array', items: integer },
        { type: 'array', items: { type: 'boolean' } },
      ],
      ['x'],
      ['x'],
      false,
    ],
  ])('%s', (_title, branches, sent, received, valid) => {
    expectCoercion(
      { type: 'object', properties: { value: { anyOf: branches } } },
      { value: sent },
      { value: received },
      { valid },
    )
  })

  it('a lone value is wrapped by the branch its array then fits', () => {
    const schema = { type: 'object', properties: { value: { anyOf: [{ type: 'array', items: integer }, strings] } } }
    expectCoercion(schema, { value: 1.5 }, { value: ['1.5'] }, { valid: true })
  })
})

describe('rule 8 for objects: among branches that declare every key, the one the value already fits', () => {
  it.each([
    [
      '{k: integer} | {k: string} keeps a string',
      [
        { type: 'object', properties: { k: integer } },
        { type: 'object', properties: { k: { type: 'string' } } },
      ],
      { k: '5' },
      { k: '5' },
    ],
    [
      '{k: integer} | {k: string} keeps an integer',
      [
        { type: 'object', properties: { k: integer } },
        { type: 'object', properties: { k: { type: 'string' } } },
      ],
      { k: 5 },
      { k: 5 },
    ],
    [
      '{k: integer} | {k: string}: a value neither fits goes to the first, as before',
      [
        { type: 'object', properties: { k: { type: 'string' } } },
        { type: 'object', properties: { k: integer } },
      ],
      { k: '5', m: 1 },
      { k: '5', m: 1 },
    ],
    [
      '{k: string} | {k: integer, m: integer}: the branch that declares every key',
      [
        { type: 'object', properties: { k: { type: 'string' } } },
        { type: 'object', properties: { k: integer, m: integer } },
      ],
      { k: '5', m: '1' },
      { k: 5, m: 1 },
    ],
  ])('%s', (_title, branches, sent, received) => expectUnionCoercion(branches, sent, received))
})

// "Already has its types" reads every own key a coercion would reach: a key
// under `patternProperties` or `additionalProperties` too, not only the
// declared ones, so a branch whose rest wants integers does not take
// (and change) a value that is valid under a later branch.
describe('rule 8: a branch fits only if its patternProperties and additionalProperties fit too', () => {
  const string = { type: 'string' }
  const additional = (type: object): object => ({ type: 'object', additionalProperties: type })
  const patterned = (type: object): object => ({ type: 'object', patternProperties: { '^z': type } })
  const arrayOf = (items: object): object => ({ type: 'array', items })
  const holding = (inner: object): object => ({ type: 'object', properties: { m: inner }, required: ['m'] })
  it.each([
    [
      'arrays: additionalProperties integer | string keeps a string',
      [arrayOf(additional(integer)), arrayOf(additional(string))],
      [{ z: '5' }],
      [{ z: '5' }],
    ],
    [
      'arrays: additionalProperties integer | string keeps an integer',
      [arrayOf(additional(integer)), arrayOf(additional(string))],
      [{ z: 5 }],
      [{ z: 5 }],
    ],
    [
      'arrays: patternProperties integer | string keeps a string',
      [arrayOf(patterned(integer)), arrayOf(patterned(string))],
      [{ z1: '5' }],
      [{ z1: '5' }],
    ],
    [
      'arrays: a key no pattern matches is not read',
      [arrayOf(patterned(integer)), arrayOf(patterned(string))],
      [{ a: '5' }],
      [{ a: '5' }],
    ],
    [
      'arrays: additionalProperties integer | a declared string (the provider-schema case)',
      [arrayOf(additional(integer)), arrayOf({ type: 'object', properties: { ' ': string }, required: [] })],
      [{}, { ' ': '5' }],
      [{}, { ' ': '5' }],
    ],
    [
      'objects: additionalProperties integer | {} keeps a string (no branch declares the key)',
      [additional(integer), {}],
      { 'a b': '5' },
      { 'a b': '5' },
    ],
    [
      'objects: additionalProperties integer | string keeps a string',
      [additional(integer), additional(string)],
      { z: '5' },
      { z: '5' },
    ],
    [
      'objects: additionalProperties integer | boolean: a value neither fits goes to the first',
      [additional(integer), additional({ type: 'boolean' })],
      { z: '5' },
      { z: 5 },
    ],
    [
      'objects: patternProperties integer | string keeps a string',
      [patterned(integer), patterned(string)],
      { z1: '5' },
      { z1: '5' },
    ],
    [
      'objects: nested additionalProperties integer | string keeps a string',
      [holding(additional(integer)), holding(additional(string))],
      { m: { z: '5' } },
      { m: { z: '5' } },
    ],
    [
      'objects: nested patternProperties integer | string keeps a string',
      [holding(patterned(integer)), holding(patterned(string))],
      { m: { z1: '5' } },
      { m: { z1: '5' } },
    ],
    [
      'objects: nested, a declared key and the rest both read',
      [
        holding({ ...additional(integer), properties: { k: string } }),
        holding({ ...additional(string), properties: { k: string } }),
      ],
      { m: { k: 'x', z: '5' } },
      { m: { k: 'x', z: '5' } },
    ],
  ])('%s', (_title, branches, sent, received) => expectUnionCoercion(branches, sent, received))

  it('a key that additionalProperties: false forbids does not fit: the branch that declares it coerces', () => {
    const closed = { type: 'object', properties: { n: integer }, additionalProperties: false }
    const open = { type: 'object', properties: { n: integer, k: integer } }
    const schema = { type: 'object', properties: { value: { anyOf: [arrayOf(closed), arrayOf(open)] } } }
    expectCoercion(schema, { value: [{ n: '5', k: '7' }] }, { value: [{ n: 5, k: 7 }] }, { valid: true })
  })

  it('a value no branch fits is still coerced by the first, as before', () => {
    const schema = {
      type: 'object',
      properties: { value: { anyOf: [arrayOf(additional(integer)), arrayOf(additional({ type: 'boolean' }))] } },
    }
    expectCoercion(schema, { value: [{ z: '5' }] }, { value: [{ z: 5 }] }, { valid: true })
  })

  // Past the budget which branch a value is of is unknown: coercing it by one could change a value valid under another.
  const unmatched = Object.fromEntries(Array.from({ length: 2048 }, (_, index) => [`a${index}`, 'x']))
  const ones = (count: number): string[] => Array.from({ length: count }, () => '1')
  it.each([
    [
      'a key matched by no pattern still spends the budget',
      [arrayOf(patterned(integer)), arrayOf(patterned(string))],
      [{ ...unmatched, z1: '5' }],
    ],
    ['an object of 2,048 keys', [additional(integer), additional(string)], { ...unmatched, z1: '5' }],
    ['1,024 strings', [arrayOf(integer), arrayOf(string)], ones(1024)],
    [
      '2,048 arrays of one string',
      [arrayOf(arrayOf(integer)), arrayOf(arrayOf(string))],
      ones(2048).map((item) => [item]),
    ],
    [
      '205 objects typed by additionalProperties',
      [arrayOf(additional(integer)), arrayOf(additional(string))],
      Array.from({ length: 205 }, () => ({ a: '1', b: 'x' })),
    ],
  ])('past the fit budget a value valid under a later branch stays as sent: %s', (_title, branches, sent) =>
    expectUnionCoercion(branches, sent, sent),
  )

  it('within the fit budget the same shapes still take the branch they fit, and a mismatch still coerces', () => {
    expectUnionCoercion([arrayOf(integer), arrayOf(string)], ones(1000), ones(1000))
    expectUnionCoercion([arrayOf(integer), arrayOf({ type: 'boolean' })], ones(1000), ones(1000).map(Number))
    expectUnionCoercion([additional(integer), additional({ type: 'boolean' })], { a: '5' }, { a: 5 })
  })
})

// A union inside an array branch is read inside an array when exactly one of
// its branches takes arrays, as it is read inside an object: else any array
// "fits" it, and the first array branch takes (and changes) a value that is
// valid under a later one.
describe('rule 8: an array fits a union item only if it fits the one array branch of that union', () => {
  const string = { type: 'string' }
  const number = { type: 'number' }
  const arrayOf = (items: object): object => ({ type: 'array', items })
  it.each([
    [
      'array of (string | array of string) | array of array of number keeps [[-8.5]]',
      [arrayOf({ anyOf: [string, arrayOf(string)] }), arrayOf(arrayOf(number))],
      [[-8.5]],
      [[-8.5]],
    ],
    [
      'array of (null | array of integer) | array of array of string keeps [["a"]]',
      [arrayOf({ anyOf: [{ type: 'null' }, arrayOf(integer)] }), arrayOf(arrayOf(string))],
      [['a']],
      [['a']],
    ],
    [
      'array of (string | array of integer) | array of array of boolean coerces [["5"]] by the first',
      [arrayOf({ anyOf: [string, arrayOf(integer)] }), arrayOf(arrayOf({ type: 'boolean' }))],
      [['5']],
      [[5]],
    ],
    [
      'array of (string | array of integer) | array of array of string still coerces by the first when it fits',
      [arrayOf({ anyOf: [string, arrayOf(integer)] }), arrayOf(arrayOf(string))],
      [[1]],
      [[1]],
    ],
  ])('%s', (_title, branches, sent, received) => expectUnionCoercion(branches, sent, received))
})

// "Already has its types" includes `required`: an object that lacks a name
// its branch requires does not fit that branch, at any depth, so the choice
// (and @x/key-unmap's, which reads the same fit) goes to a branch the value
// is valid under.
describe('rule 8: an object fits a branch only if it owns every name the branch requires', () => {
  const string = { type: 'string' }
  const arrayOf = (items: object): object => ({ type: 'array', items })
  const needsA = { type: 'object', properties: { k: integer, a: string }, required: ['a'] }
  const listOfK = { type: 'object', properties: { k: arrayOf(integer) } }
  it.each([
    [
      'arrays: items that lack `a` are not coerced by the branch that requires it',
      [arrayOf(needsA), arrayOf(listOfK)],
      [{ k: '5' }],
      [{ k: [5] }],
    ],
    ['arrays: the same items sent as JSON text', [arrayOf(needsA), arrayOf(listOfK)], '[{"k": "5"}]', [{ k: [5] }]],
    [
      'arrays: items that own `a` still go to the branch that requires it',
      [arrayOf(needsA), arrayOf(listOfK)],
      [{ k: '5', a: 'x' }],
      [{ k: 5, a: 'x' }],
    ],
  ])('%s', (_title, branches, sent, received) => expectUnionCoercion(branches, sent, received))

  // Under `parseUntypedJson` the JSON text at `p` is parsed by the branch
  // chosen, which shows the choice on a value both branches accept as it is.
  const holding = (inner: object, p: object): object => ({ type: 'object', properties: { m: inner, p } })
  const branches = [
    holding({ type: 'object', properties: { a_b: string }, required: ['a_b'] }, {}),
    holding({ type: 'object', properties: { k: string } }, { properties: { n: integer } }),
  ]
  const schema = deepFreeze({ type: 'object', properties: { value: { anyOf: branches } } })
  it.each([
    ['a nested object that lacks `a_b` does not fit the first branch', { k: 'x' }, { n: 1 }],
    ['a nested object that owns `a_b` fits the first branch', { a_b: 'x' }, { n: '1' }],
  ])('objects: %s', (_title, m, p) => {
    const sent = deepFreeze({ value: { m, p: '{"n": "1"}' } })
    const coerced = coerceToolArgs(schema, sent, { parseUntypedJson: true })
    expect(coerced).toEqual({ value: { m, p } })
    expect(validatorFor(schema)(coerced)).toBe(true)
  })
})
