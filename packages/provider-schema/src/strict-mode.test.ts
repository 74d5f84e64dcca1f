import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { checkProviderSchema } from './check-provider-schema.js'
import { prepareToolSchema } from './prepare-tool-schema.js'

const strict = { provider: 'openai-strict' } as const

describe('openai-strict: the schema', () => {
  it('lists every property in required, makes the optional ones nullable and closes the object', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: 'integer' } },
      required: ['q'],
    })
    expect(prepareToolSchema(schema, strict).schema).toEqual({
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: ['integer', 'null'] } },
      required: ['q', 'limit'],
      additionalProperties: false,
    })
  })

  it.each([
    ['a type list', { type: ['integer', 'string'] }, { type: ['integer', 'string', 'null'] }],
    ['an enum', { type: 'string', enum: ['a', 'b'] }, { type: ['string', 'null'], enum: ['a', 'b', null] }],
    [
      'an anyOf',
      { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] },
    ],
    ['a const', { const: 'x' }, { anyOf: [{ const: 'x' }, { type: 'null' }] }],
    ['already nullable', { type: ['integer', 'null'] }, { type: ['integer', 'null'] }],
  ])('an optional property with %s gets the nullable form', (_name, property, expected) => {
    const schema = deepFreeze({ type: 'object', properties: { p: property } })
    expect((prepareToolSchema(schema, strict).schema.properties as Record<string, unknown>).p).toEqual(expected)
  })

  it.each([
    ['any value', {}],
    ['a free-form object', { type: 'object' }],
    ['a map', { type: 'object', additionalProperties: { type: 'integer' } }],
    ['a tuple', { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] }],
  ])('%s is sent as JSON text', (_name, property) => {
    const schema = deepFreeze({ type: 'object', properties: { p: property }, required: ['p'] })
    const sent = (prepareToolSchema(schema, strict).schema.properties as Record<string, Record<string, unknown>>).p!
    expect(sent.type).toBe('string')
    expect(sent.description).toMatch(/JSON text/)
  })

  it('merges allOf members into one object', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: {
        p: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { properties: { b: { type: 'integer' } }, required: ['a'] },
          ],
        },
      },
      required: ['p'],
    })
    expect((prepareToolSchema(schema, strict).schema.properties as Record<string, unknown>).p).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: ['integer', 'null'] } },
      required: ['a', 'b'],
      additionalProperties: false,
    })
  })

  it.each([
    ['minimum', { type: 'integer', minimum: 1 }, { type: 'integer', minimum: 1 }],
    [
      'minLength',
      { type: 'string', minLength: 3, description: 'Name' },
      { type: 'string', description: 'Name (minLength 3)' },
    ],
    ['default', { type: 'string', default: 'fast' }, { type: 'string', description: '(default fast)' }],
    ['a uri format', { type: 'string', format: 'uri' }, { type: 'string', description: '(format uri)' }],
    ['an email format', { type: 'string', format: 'email' }, { type: 'string', format: 'email' }],
    ['$comment', { type: 'string', $comment: 'x' }, { type: 'string' }],
  ])('%s: kept where strict mode takes it, else dropped and noted in the description', (_name, property, expected) => {
    const schema = deepFreeze({ type: 'object', properties: { p: property }, required: ['p'] })
    expect((prepareToolSchema(schema, strict).schema.properties as Record<string, unknown>).p).toEqual(expected)
  })

  it('cuts objects nested deeper than 10 levels to JSON text', () => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let level = 0; level < 12; level++) schema = { type: 'object', properties: { a: schema }, required: ['a'] }
    const sent = prepareToolSchema(deepFreeze(schema), strict).schema
    let position = sent as Record<string, unknown>
    for (let level = 0; level < 10; level++)
      position = (position.properties as Record<string, Record<string, unknown>>).a!
    expect(position.type).toBe('string')
    expect(position.description).toContain('nested deeper than 10 objects')
    expect(checkProviderSchema(sent, 'openai-strict')).toEqual([])
  })

  it('drops an enum too large for strict mode and says so', () => {
    const values = Array.from({ length: 1200 }, (_, index) => `v${index}`)
    const schema = deepFreeze({ type: 'object', properties: { p: { type: 'string', enum: values } }, required: ['p'] })
    const sent = prepareToolSchema(schema, strict).schema
    expect((sent.properties as Record<string, unknown>).p).toEqual({
      type: 'string',
      description: '(one of 1200 values, too many for strict mode to list)',
    })
    expect(checkProviderSchema(sent, 'openai-strict')).toEqual([])
  })

  it('keeps the description of a position sent as JSON text', () => {
    const schema = deepFreeze({ type: 'object', properties: { p: { description: 'Extra headers' } }, required: ['p'] })
    expect((prepareToolSchema(schema, strict).schema.properties as Record<string, unknown>).p).toEqual({
      type: 'string',
      description: 'Extra headers (JSON text of the value.)',
    })
  })

  it('a root without properties is a tool without arguments: closed and empty', () => {
    expect(prepareToolSchema(deepFreeze({ type: 'object' }), strict).schema).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    })
  })

  it('inlines references and cuts a recursion where it re-enters itself', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: { node: { $ref: '#/$defs/Node' } },
      required: ['node'],
      $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } }, required: ['next'] } },
    })
    const sent = prepareToolSchema(schema, strict).schema
    expect(sent.$defs).toBeUndefined()
    expect(sent.properties).toEqual({
      node: {
        type: 'object',
        properties: {
          next: { type: 'string', description: '(JSON text of any value: the schema refers to itself here.)' },
        },
        required: ['next'],
        additionalProperties: false,
      },
    })
    expect(checkProviderSchema(sent, 'openai-strict')).toEqual([])
  })
})

describe('openai-strict: restoreArgs', () => {
  const schema = deepFreeze({
    type: 'object',
    properties: {
      q: { type: 'string' },
      limit: { type: 'integer' },
      note: { type: ['string', 'null'] },
      'extra headers': { type: 'object', additionalProperties: { type: 'string' } },
    },
    required: ['q', 'note'],
  })
  const prepared = prepareToolSchema(schema, strict)

  it('drops the null strict mode sent for an omitted optional property', () => {
    expect(prepared.restoreArgs('{"q":"x","limit":null,"note":"n","extra_headers":null}')).toEqual({
      q: 'x',
      note: 'n',
    })
  })

  it('keeps a null the tool declared for a required property', () => {
    expect(prepared.restoreArgs('{"q":"x","limit":null,"note":null,"extra_headers":null}')).toEqual({
      q: 'x',
      note: null,
    })
  })

  it('drops "null" as text too, once coerced', () => {
    expect(prepared.restoreArgs({ q: 'x', limit: 'null', note: 'n', extra_headers: null })).toEqual({
      q: 'x',
      note: 'n',
    })
  })

  it('parses JSON text back, with the original names restored first', () => {
    expect(prepared.restoreArgs({ q: 'x', limit: '3', note: 'n', extra_headers: '{"Accept":"json"}' })).toEqual({
      q: 'x',
      limit: 3,
      note: 'n',
      'extra headers': { Accept: 'json' },
    })
  })

  it('leaves JSON text that does not parse as it came', () => {
    expect(prepared.restoreArgs({ q: 'x', note: 'n', extra_headers: '{"Accept"' })).toEqual({
      q: 'x',
      note: 'n',
      'extra headers': '{"Accept"',
    })
  })

  it('toModelArgs writes the form the model was shown', () => {
    expect(prepared.toModelArgs({ q: 'x', note: null, 'extra headers': { Accept: 'json' } })).toEqual({
      q: 'x',
      note: null,
      extra_headers: '{"Accept":"json"}',
      limit: null,
    })
  })
})

describe('openai-strict: restoreArgs on a union whose branches a tag names', () => {
  // Both branches declare the same names; only the tag tells them apart. The
  // cat may omit `name` (strict mode sends it null), the dog requires it and
  // admits null: the null stays or goes by the branch the tag names.
  const branch = (kind: string, lives: string, required: readonly string[], name: unknown): unknown => ({
    type: 'object',
    properties: { kind: { const: kind }, lives: { type: lives }, name },
    required,
  })
  const schema = deepFreeze({
    type: 'object',
    properties: {
      pet: {
        anyOf: [
          branch('cat', 'integer', ['kind', 'lives'], { type: 'string' }),
          branch('dog', 'boolean', ['kind', 'lives', 'name'], { type: ['string', 'null'] }),
        ],
      },
    },
    required: ['pet'],
  })
  const prepared = prepareToolSchema(schema, strict)

  it.each([
    [
      { kind: 'dog', lives: 'true', name: null },
      { kind: 'dog', lives: true, name: null },
    ],
    [
      { kind: 'cat', lives: '3', name: null },
      { kind: 'cat', lives: 3 },
    ],
  ])('restores %j as %j', (pet, expected) => {
    expect(prepared.restoreArgs(deepFreeze({ pet }))).toEqual({ pet: expected })
  })

  it('writes the nulls of the named branch for the model', () => {
    expect(prepared.toModelArgs(deepFreeze({ pet: { kind: 'dog', lives: true, name: null } }))).toEqual({
      pet: { kind: 'dog', lives: true, name: null },
    })
    expect(prepared.toModelArgs(deepFreeze({ pet: { kind: 'cat', lives: 3 } }))).toEqual({
      pet: { kind: 'cat', lives: 3, name: null },
    })
  })
})

describe('openai-strict: a union of arrays, one of them of const or enum items', () => {
  const objects = { type: 'array', items: { type: 'object', properties: { p: { type: 'string' } }, required: [] } }
  // A const or enum item declares no type; read as "any value", an array of objects took that branch and lost its strict nulls.
  it.each([
    ['const items', { anyOf: [{ type: 'array', items: { const: 'fixed' } }, objects] }],
    ['enum items', { anyOf: [{ type: 'array', items: { enum: ['a', 1] } }, objects] }],
    [
      'const items in a nested union',
      { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'array', items: { const: 'fixed' } }] }, objects] },
    ],
  ])('%s: an array of objects takes the object branch both ways', (_name, union) => {
    const prepared = prepareToolSchema(
      deepFreeze({ type: 'object', properties: { v: union }, required: ['v'] }),
      strict,
    )
    expect(prepared.toModelArgs(deepFreeze({ v: [{}] }))).toEqual({ v: [{ p: null }] })
    expect(prepared.restoreArgs(deepFreeze({ v: [{ p: null }] }))).toEqual({ v: [{}] })
    expect(prepared.restoreArgs(deepFreeze({ v: ['fixed'] }))).toEqual({ v: ['fixed'] })
  })
})
