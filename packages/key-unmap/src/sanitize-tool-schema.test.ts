import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import type { NameProfile } from './types.js'

type Json = Record<string, unknown>
const inner = (): Json => ({ type: 'object', properties: { 'a b': { type: 'string' } }, required: ['a b'] })
const innerSanitized = { type: 'object', properties: { a_b: { type: 'string' } }, required: ['a_b'] }

describe('sanitizeToolSchema: where names are renamed', () => {
  it('renames top-level property names and remaps required', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: { 'first name': { type: 'string' }, age: { type: 'integer' } },
      required: ['first name', 'age'],
    })
    expect(sanitizeToolSchema(schema)).toEqual({
      type: 'object',
      properties: { first_name: { type: 'string' }, age: { type: 'integer' } },
      required: ['first_name', 'age'],
    })
  })

  it.each<[string, (schema: Json) => Json]>([
    ['$defs', (schema) => ({ $defs: { Inner: schema } })],
    ['definitions', (schema) => ({ definitions: { Inner: schema } })],
    ['properties (nested)', (schema) => ({ properties: { outer: schema } })],
    ['items', (schema) => ({ type: 'array', items: schema })],
    ['items (draft 7 tuple)', (schema) => ({ type: 'array', items: [{}, schema] })],
    ['additionalItems', (schema) => ({ type: 'array', items: [{}], additionalItems: schema })],
    ['prefixItems', (schema) => ({ type: 'array', prefixItems: [{}, schema] })],
    ['contains', (schema) => ({ type: 'array', contains: schema })],
    ['unevaluatedItems', (schema) => ({ type: 'array', unevaluatedItems: schema })],
    ['additionalProperties', (schema) => ({ type: 'object', additionalProperties: schema })],
    ['unevaluatedProperties', (schema) => ({ type: 'object', unevaluatedProperties: schema })],
    ['patternProperties', (schema) => ({ type: 'object', patternProperties: { '^x': schema } })],
    ['anyOf', (schema) => ({ anyOf: [{ type: 'null' }, schema] })],
    ['oneOf', (schema) => ({ oneOf: [schema, { type: 'null' }] })],
    ['allOf', (schema) => ({ allOf: [schema] })],
    ['not', (schema) => ({ not: schema })],
    ['if', (schema) => ({ if: schema })],
    ['then', (schema) => ({ if: {}, then: schema })],
    ['else', (schema) => ({ if: {}, else: schema })],
    ['dependentSchemas', (schema) => ({ properties: { x: {} }, dependentSchemas: { x: schema } })],
    ['dependencies (draft 7 schema form)', (schema) => ({ properties: { x: {} }, dependencies: { x: schema } })],
  ])('renames properties inside %s', (_position, wrap) => {
    expect(sanitizeToolSchema(deepFreeze(wrap(inner())))).toEqual(wrap(innerSanitized))
  })

  it('keeps definition names, pattern keys and the names of other keywords as they are', () => {
    const schema = deepFreeze({ $defs: { 'My Type': inner() }, patternProperties: { '^a b$': {} } })
    expect(sanitizeToolSchema(schema)).toEqual({
      $defs: { 'My Type': innerSanitized },
      patternProperties: { '^a b$': {} },
    })
  })

  it('remaps dependentRequired keys and values through the sibling properties', () => {
    const schema = deepFreeze({
      properties: { 'card no': {}, 'billing address': {} },
      dependentRequired: { 'card no': ['billing address'] },
    })
    expect(sanitizeToolSchema(schema)).toEqual({
      properties: { card_no: {}, billing_address: {} },
      dependentRequired: { card_no: ['billing_address'] },
    })
  })

  it('remaps dependentSchemas keys and draft 7 dependencies in both forms', () => {
    const schema = deepFreeze({
      properties: { 'card no': {}, 'zip code': {} },
      dependentSchemas: { 'card no': { required: ['zip code'] } },
      dependencies: { 'zip code': ['card no'], 'card no': { properties: { 'x y': {} } } },
    })
    expect(sanitizeToolSchema(schema)).toEqual({
      properties: { card_no: {}, zip_code: {} },
      dependentSchemas: { card_no: { required: ['zip_code'] } },
      dependencies: { zip_code: ['card_no'], card_no: { properties: { x_y: {} } } },
    })
  })

  it('spells a required name declared elsewhere (an allOf member) as the profile would alone', () => {
    const schema = deepFreeze({ allOf: [{ properties: { 'a b': {} } }], required: ['a b'] })
    expect(sanitizeToolSchema(schema)).toEqual({ allOf: [{ properties: { a_b: {} } }], required: ['a_b'] })
  })

  it('never looks into data keywords (default, const, enum, examples, vendor keywords)', () => {
    const data = { 'a b': 1 }
    const schema = deepFreeze({
      properties: {
        'x y': { default: data, const: data, enum: [data], examples: [data], 'x-extra': { properties: { 'c d': {} } } },
      },
    })
    const result = sanitizeToolSchema(schema) as unknown as { properties: { x_y: Json } }
    expect(result.properties.x_y).toBe(schema.properties['x y'])
  })
})

describe('sanitizeToolSchema: property names that look like keywords', () => {
  it('treats properties named properties, $defs, definitions, $ref and required as names', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: {
        properties: inner(),
        $defs: { type: 'string' },
        definitions: { type: 'object', properties: { 'c d': {} } },
        $ref: { type: 'string' },
        required: { type: 'boolean' },
      },
      required: ['$ref', 'properties'],
    })
    expect(sanitizeToolSchema(schema)).toEqual({
      type: 'object',
      properties: {
        properties: innerSanitized,
        _defs: { type: 'string' },
        definitions: { type: 'object', properties: { c_d: {} } },
        _ref: { type: 'string' },
        required: { type: 'boolean' },
      },
      required: ['_ref', 'properties'],
    })
  })

  it('does not resolve or rewrite a property named $ref whose schema is a string', () => {
    const schema = deepFreeze({ properties: { $ref: '#/properties/a b', 'a b': {} } })
    expect(sanitizeToolSchema(schema)).toEqual({ properties: { _ref: '#/properties/a b', a_b: {} } })
  })
})

describe('sanitizeToolSchema: collisions', () => {
  it('renames "a!" and "a?" beside a valid "a_" to "a__2" and "a__3"', () => {
    const schema = deepFreeze({ properties: { 'a!': { const: 1 }, 'a?': { const: 2 }, a_: { const: 3 } } })
    expect(sanitizeToolSchema(schema)).toEqual({
      properties: { a__2: { const: 1 }, a__3: { const: 2 }, a_: { const: 3 } },
    })
  })

  it('never displaces an already valid name, even one that comes later', () => {
    const schema = deepFreeze({ properties: { 'a b': { const: 1 }, a_b: { const: 2 } }, required: ['a b', 'a_b'] })
    expect(sanitizeToolSchema(schema)).toEqual({
      properties: { a_b_2: { const: 1 }, a_b: { const: 2 } },
      required: ['a_b_2', 'a_b'],
    })
  })

  it('skips a suffix that a valid name already holds', () => {
    const schema = deepFreeze({ properties: { 'a b': {}, a_b: {}, a_b_2: {} } })
    expect(Object.keys((sanitizeToolSchema(schema) as { properties: Json }).properties)).toEqual([
      'a_b_3',
      'a_b',
      'a_b_2',
    ])
  })

  it('keeps suffixed names within 64 characters', () => {
    const long = 'x'.repeat(70)
    const schema = deepFreeze({ properties: { [long + '!']: {}, [long + '?']: {}, [long + '#']: {} } })
    const names = Object.keys((sanitizeToolSchema(schema) as { properties: Json }).properties)
    expect(names).toEqual(['x'.repeat(64), 'x'.repeat(62) + '_2', 'x'.repeat(62) + '_3'])
  })

  it('renames empty and unicode names in one map without collisions', () => {
    const schema = deepFreeze({ properties: { '': {}, param: {}, é: {}, ü: {} } })
    expect(Object.keys((sanitizeToolSchema(schema) as { properties: Json }).properties)).toEqual([
      'param_2',
      'param',
      '_',
      '__2',
    ])
  })

  it('keeps collisions apart per properties map, not across maps', () => {
    const schema = deepFreeze({ properties: { 'a b': { properties: { 'a b': {} } } } })
    expect(sanitizeToolSchema(schema)).toEqual({ properties: { a_b: { properties: { a_b: {} } } } })
  })
})

describe('sanitizeToolSchema: profiles', () => {
  it('uses the gemini rule when asked', () => {
    const schema = deepFreeze({ properties: { 'meta.status': {}, '1st': {} } })
    expect(sanitizeToolSchema(schema, { profile: 'gemini' })).toEqual({ properties: { meta_status: {}, _st: {} } })
    expect(sanitizeToolSchema(schema)).toEqual({ properties: { 'meta.status': {}, '1st': {} } })
  })

  it('caches per profile: each profile has its own result for one schema object', () => {
    const schema = deepFreeze({ properties: { 'meta.status': {} } })
    expect(sanitizeToolSchema(schema, { profile: 'gemini' })).not.toBe(sanitizeToolSchema(schema))
    expect(sanitizeToolSchema(schema)).toBe(schema)
  })

  it('shares one cache between custom profiles with the same definition', () => {
    const schema = deepFreeze({ properties: { 'A b': {} } })
    const first: NameProfile = { characters: /[a-z0-9_]/, maxLength: 32 }
    const second: NameProfile = { characters: /[a-z0-9_]/, maxLength: 32 }
    const result = sanitizeToolSchema(schema, { profile: first })
    expect(result).toEqual({ properties: { __b: {} } })
    expect(sanitizeToolSchema(schema, { profile: second })).toBe(result)
  })
})

describe('sanitizeToolSchema: immutability and caching', () => {
  const schema = deepFreeze({
    type: 'object',
    properties: { 'a b': inner(), keep: { type: 'object', properties: { x: {} } } },
  })

  it('returns the cached result for the same schema object', () => {
    expect(sanitizeToolSchema(schema)).toBe(sanitizeToolSchema(schema))
  })

  it('freezes every object it creates, so the cached result cannot be corrupted', () => {
    const result = sanitizeToolSchema(schema) as unknown as { properties: { a_b: Json } }
    expect(Object.isFrozen(result)).toBe(true)
    expect(Object.isFrozen(result.properties)).toBe(true)
    expect(Object.isFrozen(result.properties.a_b)).toBe(true)
    expect(Object.isFrozen(result.properties.a_b['required'])).toBe(true)
    expect(() => {
      ;(result.properties as Json)['injected'] = {}
    }).toThrow(TypeError)
  })

  it('shares untouched sub-schemas by reference', () => {
    const result = sanitizeToolSchema(schema) as { properties: Json }
    expect(result.properties['keep']).toBe(schema.properties.keep)
  })

  it('returns the very same object when nothing needs renaming', () => {
    const valid = deepFreeze({
      type: 'object',
      properties: { a: { $ref: '#/$defs/B' } },
      $defs: { B: { properties: { c: {} } } },
    })
    expect(sanitizeToolSchema(valid)).toBe(valid)
  })

  it('does not freeze a schema it did not create', () => {
    const valid = { properties: { a: {} } }
    sanitizeToolSchema(valid)
    expect(Object.isFrozen(valid)).toBe(false)
  })

  it('rewrites a shared sub-schema once and shares the result', () => {
    const shared = inner()
    const result = sanitizeToolSchema(deepFreeze({ properties: { one: shared, two: shared } })) as { properties: Json }
    expect(result.properties['one']).toBe(result.properties['two'])
  })
})

describe('sanitizeToolSchema: bad data never throws', () => {
  it.each([null, undefined, true, false, 0, 'schema', [inner()]])('returns %j as it is', (value) => {
    expect(sanitizeToolSchema(value)).toBe(value)
  })

  it.each([
    { properties: null },
    { properties: [inner()] },
    { properties: 'a b' },
    { required: 'a b', properties: { 'a b': {} } },
    { required: [1, null, 'a b'], properties: { 'a b': {} } },
    { anyOf: 'x', items: 3, not: null, $defs: [1], dependentRequired: { 'a b': 'c d' } },
  ])('tolerates malformed keywords %#', (schema) => {
    expect(() => sanitizeToolSchema(deepFreeze(schema))).not.toThrow()
  })

  it('ends on a cyclic object graph', () => {
    const node: Json = { properties: { 'a b': {} } }
    ;(node['properties'] as Json)['self'] = node
    const result = sanitizeToolSchema(node) as { properties: Json }
    expect(Object.keys(result.properties)).toEqual(['a_b', 'self'])
  })

  it('leaves nesting deeper than 512 levels as it is instead of overflowing the stack', () => {
    let deep: Json = { properties: { 'a b': {} } }
    for (let level = 0; level < 5000; level++) deep = { items: deep }
    expect(() => sanitizeToolSchema(deep)).not.toThrow()
  })
})
