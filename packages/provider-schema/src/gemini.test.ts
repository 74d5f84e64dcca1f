import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { checkProviderSchema } from './check-provider-schema.js'
import { prepareToolSchema } from './prepare-tool-schema.js'

const gemini = { provider: 'gemini' } as const

function sentProperty(property: unknown, extra: Record<string, unknown> = {}): unknown {
  const schema = deepFreeze({ type: 'object', properties: { p: property }, required: ['p'], ...extra })
  const sent = prepareToolSchema(schema, gemini).schema
  expect(checkProviderSchema(sent, 'gemini')).toEqual([])
  return (sent.properties as Record<string, unknown>).p
}

const JSON_TEXT = { type: 'string', description: '(JSON text of the value.)' }

describe('gemini: the OpenAPI subset', () => {
  it.each([
    ['const (string) becomes a one-value enum', { type: 'string', const: 'x' }, { type: 'string', enum: ['x'] }],
    ['const (number) becomes its type and a note', { const: 5 }, { type: 'integer', description: '(always 5)' }],
    ['a type list with null becomes nullable', { type: ['string', 'null'] }, { type: 'string', nullable: true }],
    [
      'a type list of two types becomes an anyOf',
      { type: ['string', 'integer'], minLength: 1 },
      { anyOf: [{ type: 'string', minLength: 1 }, { type: 'integer' }] },
    ],
    [
      'a number enum is noted, not listed',
      { type: 'integer', enum: [1, 2] },
      { type: 'integer', description: '(one of 1, 2)' },
    ],
    ['an enum with null becomes nullable', { enum: ['a', null] }, { enum: ['a'], nullable: true, type: 'string' }],
    [
      'type beside anyOf moves into the branches',
      { type: 'string', anyOf: [{ minLength: 1 }, { format: 'date-time' }] },
      {
        anyOf: [
          { minLength: 1, type: 'string' },
          { format: 'date-time', type: 'string' },
        ],
      },
    ],
    [
      'a null branch becomes nullable and one branch the schema',
      { anyOf: [{ type: 'integer' }, { type: 'null' }], description: 'n' },
      { type: 'integer', nullable: true, description: 'n' },
    ],
    [
      'oneOf becomes anyOf',
      { oneOf: [{ type: 'integer' }, { type: 'boolean' }] },
      { anyOf: [{ type: 'integer' }, { type: 'boolean' }] },
    ],
    [
      'allOf is merged',
      {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { properties: { b: { type: 'integer' } }, required: ['b'] },
        ],
      },
      { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['b'] },
    ],
    [
      'a refused format is dropped and noted',
      { type: 'string', format: 'uuid', description: 'Id' },
      { type: 'string', description: 'Id (format uuid)' },
    ],
    ['date-time is kept', { type: 'string', format: 'date-time' }, { type: 'string', format: 'date-time' }],
    [
      'exclusiveMinimum is dropped and noted',
      { type: 'number', exclusiveMinimum: 0 },
      { type: 'number', description: '(exclusiveMinimum 0)' },
    ],
    ['minimum is kept', { type: 'number', minimum: 1 }, { type: 'number', minimum: 1 }],
    [
      'propertyNames and additionalProperties go',
      {
        type: 'object',
        properties: { a: { type: 'string' } },
        additionalProperties: false,
        propertyNames: { pattern: '^a' },
      },
      { type: 'object', properties: { a: { type: 'string' } }, description: '(propertyNames {"pattern":"^a"})' },
    ],
    ['a free-form object becomes JSON text', { type: 'object' }, JSON_TEXT],
    ['a map becomes JSON text', { type: 'object', additionalProperties: { type: 'string' } }, JSON_TEXT],
    [
      'an empty closed object becomes JSON text',
      { type: 'object', properties: {}, additionalProperties: false },
      JSON_TEXT,
    ],
    ['any value becomes JSON text', {}, JSON_TEXT],
    ['true becomes JSON text', true, JSON_TEXT],
    ['a tuple becomes JSON text', { type: 'array', prefixItems: [{ type: 'string' }] }, JSON_TEXT],
    ['an array without items gets JSON-text items', { type: 'array' }, { type: 'array', items: JSON_TEXT }],
  ])('%s', (_name, property, expected) => {
    expect(sentProperty(property)).toEqual(expected)
  })

  it('drops $schema and $id at the root', () => {
    const schema = deepFreeze({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'urn:x',
      type: 'object',
      properties: { a: { type: 'string' } },
    })
    expect(prepareToolSchema(schema, gemini).schema).toEqual({ type: 'object', properties: { a: { type: 'string' } } })
  })

  it('keeps a root without properties as an empty object (to be left out of the request)', () => {
    expect(prepareToolSchema(deepFreeze({ type: 'object', additionalProperties: false }), gemini).schema).toEqual({
      type: 'object',
    })
  })
})

describe('gemini: references', () => {
  it('inlines $defs and zod-style #/properties/... pointers', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: { home: { $ref: '#/$defs/Address' }, work: { $ref: '#/properties/home' } },
      $defs: { Address: { type: 'object', properties: { street: { type: 'string' } } } },
    })
    const sent = prepareToolSchema(schema, gemini).schema
    expect(sent).toEqual({
      type: 'object',
      properties: {
        home: { type: 'object', properties: { street: { type: 'string' } } },
        work: { type: 'object', properties: { street: { type: 'string' } } },
      },
    })
  })

  it('cuts a recursion through # where it re-enters itself, typed as JSON text', () => {
    const schema = deepFreeze({ type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#' } } })
    const sent = prepareToolSchema(schema, gemini)
    const child = (sent.schema.properties as Record<string, Record<string, unknown>>).child!
    expect(child.type).toBe('object')
    expect((child.properties as Record<string, unknown>).child).toEqual({
      type: 'string',
      description: '(JSON text of any value: the schema refers to itself here.)',
    })
    expect(checkProviderSchema(sent.schema, 'gemini')).toEqual([])
    expect(sent.restoreArgs({ child: { child: '{"name":"c","child":{"name":"d"}}' } })).toEqual({
      child: { child: { name: 'c', child: { name: 'd' } } },
    })
  })
})

describe('gemini: restoreArgs', () => {
  const schema = deepFreeze({
    type: 'object',
    properties: { 'user id': { type: 'integer' }, meta: { type: 'object' }, note: { type: ['string', 'null'] } },
    required: ['user id'],
  })
  const prepared = prepareToolSchema(schema, gemini)

  it('parses JSON text back and restores the names', () => {
    expect(prepared.restoreArgs({ user_id: '7', meta: '{"a":1}', note: null })).toEqual({
      'user id': 7,
      meta: { a: 1 },
      note: null,
    })
  })

  it('toModelArgs writes JSON text and renamed keys', () => {
    expect(prepared.toModelArgs({ 'user id': 7, meta: { a: 1 } })).toEqual({ user_id: 7, meta: '{"a":1}' })
  })
})
