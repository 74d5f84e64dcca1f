import { describe, expect, it } from 'vitest'
import { coerceToolArgs } from '@x/arg-coerce'
import { sanitizeToolSchema, unmapArgKeys } from '@x/key-unmap'
import { deepFreeze } from '@x/test-utils'
import { checkProviderSchema } from './check-provider-schema.js'
import { prepareToolSchema } from './prepare-tool-schema.js'
import { PROVIDER_NAMES } from './provider-names.js'

const person = deepFreeze({
  type: 'object',
  properties: {
    'first name': { type: 'string' },
    age: { type: 'integer' },
    address: { $ref: '#/$defs/Address' },
  },
  required: ['first name'],
  $defs: {
    Address: {
      type: 'object',
      properties: { 'street name': { type: 'string' }, 'zip code': { type: 'integer' } },
      required: ['street name'],
    },
  },
})

describe('prepareToolSchema: options', () => {
  it.each([
    [undefined, 'expected options to be an object with a provider, received undefined'],
    [null, 'expected options to be an object with a provider, received null'],
    ['openai', 'expected options to be an object with a provider, received "openai"'],
    [
      {},
      'options.provider: expected one of "anthropic", "openai", "openai-strict", "gemini", "bedrock", "mistral", "generic", received undefined',
    ],
    [{ provider: 'vertex' }, 'received "vertex"'],
    [{ provider: 'toString' }, 'received "toString"'],
  ])('rejects %j with a TypeError saying what was expected', (options, message) => {
    expect(() => prepareToolSchema({}, options as never)).toThrow(TypeError)
    expect(() => prepareToolSchema({}, options as never)).toThrow(message)
  })
})

describe('prepareToolSchema: bad schema data never throws and still gives a valid schema', () => {
  const bad = deepFreeze([
    undefined,
    null,
    5,
    'text',
    true,
    false,
    [],
    { type: 'string' },
    { type: ['object', 'null'], properties: { a: { type: 'string' } } },
    { properties: 5 },
    { properties: { a: 5, b: null, c: [] } },
    { type: 'object', required: 'a', properties: { a: { type: 'string' } } },
    { $ref: '#' },
    { $ref: 'https://example.com/schema.json' },
    { type: 'object', properties: { a: { $ref: '#/nowhere' } } },
    { type: 'object', properties: { a: { $ref: '#/properties/a' } } },
    { anyOf: 'nope' },
    { anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'null' }] },
    { type: 'object', properties: { a: { items: [true, false] } } },
  ])

  it.each(
    bad.flatMap((schema) =>
      PROVIDER_NAMES.map((provider) => [JSON.stringify(schema) ?? 'undefined', provider, schema] as const),
    ),
  )('%s for %s', (_shown, provider, schema) => {
    const prepared = prepareToolSchema(schema, { provider })
    expect(checkProviderSchema(prepared.schema, provider)).toEqual([])
    for (const args of [undefined, null, 'not json', '{"a":"1"}', { a: 1 }, [1], 42]) {
      expect(() => prepared.restoreArgs(args)).not.toThrow()
      expect(() => prepared.toModelArgs(args)).not.toThrow()
    }
  })
})

describe('prepareToolSchema: the result', () => {
  it('is frozen', () => {
    const prepared = prepareToolSchema(person, { provider: 'anthropic' })
    expect(Object.isFrozen(prepared)).toBe(true)
    expect(Object.isFrozen(prepared.schema)).toBe(true)
  })

  it('is cached per schema object and provider', () => {
    expect(prepareToolSchema(person, { provider: 'gemini' })).toBe(prepareToolSchema(person, { provider: 'gemini' }))
    expect(prepareToolSchema(person, { provider: 'gemini' })).not.toBe(
      prepareToolSchema(person, { provider: 'openai' }),
    )
    expect(prepareToolSchema(person, { provider: 'openai' })).not.toBe(
      prepareToolSchema(structuredClone(person), { provider: 'openai' }),
    )
  })

  it('is the very same schema object when the provider accepts it as it is', () => {
    const valid = deepFreeze({ type: 'object', properties: { q: { type: 'string' } } })
    expect(prepareToolSchema(valid, { provider: 'anthropic' }).schema).toBe(valid)
  })

  it('names the provider', () => {
    expect(prepareToolSchema(person, { provider: 'mistral' }).provider).toBe('mistral')
  })
})

describe('prepareToolSchema: names', () => {
  it.each([
    ['anthropic', { first_name: { type: 'string' } }],
    ['gemini', { first_name: { type: 'string' } }],
    ['generic', { first_name: { type: 'string' } }],
  ] as const)('%s: property names are spelled by the provider rule', (provider, expected) => {
    const schema = deepFreeze({ type: 'object', properties: { 'first name': { type: 'string' } } })
    expect(prepareToolSchema(schema, { provider }).schema.properties).toEqual(expected)
  })

  it.each([
    ['anthropic', 'a.b'],
    ['openai', 'a_b'],
    ['openai-strict', 'a_b'],
    ['bedrock', 'a_b'],
    ['mistral', 'a_b'],
    ['gemini', 'a_b'],
    ['generic', 'a_b'],
  ] as const)('%s: a dotted name becomes %s', (provider, expected) => {
    const schema = deepFreeze({ type: 'object', properties: { 'a.b': { type: 'string' } } })
    expect(Object.keys(prepareToolSchema(schema, { provider }).schema.properties as object)).toEqual([expected])
  })
})

describe('restoreArgs', () => {
  it.each(PROVIDER_NAMES)(
    '%s: coerces against what the model saw, then restores the names, through $ref',
    (provider) => {
      const prepared = prepareToolSchema(person, { provider })
      const fromModel = prepared.toModelArgs({
        'first name': 'Ada',
        age: 36,
        address: { 'street name': 'Main', 'zip code': 7030 },
      }) as Record<string, unknown>
      const stringly = JSON.stringify({ ...fromModel, age: '36' })
      expect(prepared.restoreArgs(stringly)).toEqual({
        'first name': 'Ada',
        age: 36,
        address: { 'street name': 'Main', 'zip code': 7030 },
      })
    },
  )

  it('is what the hand-composed pipeline gives, in the one order that works', () => {
    const prepared = prepareToolSchema(person, { provider: 'anthropic' })
    const sent = sanitizeToolSchema(person)
    const fromModel = { first_name: 'Ada', age: '36', address: { street_name: 'Main', zip_code: '7030' } }
    const byHand = unmapArgKeys(person, coerceToolArgs(sent, fromModel))
    expect(prepared.restoreArgs(fromModel)).toEqual(byHand)
    // The wrong orders lose the coercion of renamed keys; this one does not.
    expect(unmapArgKeys(person, coerceToolArgs(person, fromModel))).not.toEqual(byHand)
  })

  it.each(PROVIDER_NAMES)('%s: unreadable JSON text comes back unchanged', (provider) => {
    expect(prepareToolSchema(person, { provider }).restoreArgs('{"first_name": "Ada"')).toBe('{"first_name": "Ada"')
  })

  it('leaves an unknown key as it came', () => {
    expect(prepareToolSchema(person, { provider: 'anthropic' }).restoreArgs({ first_name: 'Ada', other: 1 })).toEqual({
      'first name': 'Ada',
      other: 1,
    })
  })

  it('never writes a prototype from a model key', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: { 'a b': { type: 'object', properties: { x: { type: 'integer' } } } },
    })
    const restored = prepareToolSchema(schema, { provider: 'openai-strict' }).restoreArgs(
      '{"__proto__":{"polluted":1},"a_b":{"x":"1"}}',
    ) as Record<string, unknown>
    expect(Object.getPrototypeOf(restored)).toBe(Object.prototype)
    expect(restored['a b']).toEqual({ x: 1 })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('with a patch: the RFC 6902 operations from the model arguments to the result', () => {
    const prepared = prepareToolSchema(person, { provider: 'anthropic' })
    expect(prepared.restoreArgsWithPatch({ first_name: 'Ada', age: '36' })).toEqual({
      args: { 'first name': 'Ada', age: 36 },
      patch: [
        { op: 'remove', path: '/first_name' },
        { op: 'add', path: '/first name', value: 'Ada' },
        { op: 'replace', path: '/age', value: 36 },
      ],
    })
  })

  it('with a patch on JSON text: one replace of the whole', () => {
    const prepared = prepareToolSchema(person, { provider: 'anthropic' })
    expect(prepared.restoreArgsWithPatch('{"age":"1"}')).toEqual({
      args: { age: 1 },
      patch: [{ op: 'replace', path: '', value: { age: 1 } }],
    })
  })
})

describe('a root that is not an object', () => {
  const text = deepFreeze({ type: 'string', description: 'the query' })

  it.each(PROVIDER_NAMES)('%s: is sent wrapped as the property value, and unwrapped on the way back', (provider) => {
    const prepared = prepareToolSchema(text, { provider })
    expect((prepared.schema.properties as Record<string, unknown>).value).toEqual({
      type: 'string',
      description: 'the query',
    })
    expect(prepared.schema.required).toEqual(['value'])
    expect(prepared.restoreArgs('{"value":"x"}')).toBe('x')
    expect(prepared.toModelArgs('x')).toEqual({ value: 'x' })
  })

  it('a root without type gets type object', () => {
    expect(
      prepareToolSchema(deepFreeze({ properties: { a: { type: 'string' } } }), { provider: 'anthropic' }).schema,
    ).toEqual({
      properties: { a: { type: 'string' } },
      type: 'object',
    })
  })
})
