import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { checkProviderSchema } from './check-provider-schema.js'
import type { ProviderName } from './types.js'

const rows: ReadonlyArray<readonly [string, ProviderName, unknown, ReadonlyArray<readonly [string, string]>]> = deepFreeze([
  ['a valid object', 'anthropic', { type: 'object', properties: { a: { type: 'string' } } }, []],
  ['a root without type', 'anthropic', { properties: {} }, [['root-object', '']]],
  ['a string root', 'openai', { type: 'string' }, [['root-object', '']]],
  ['not a schema', 'generic', 5, [['root-object', '']]],
  ['a space in a name', 'anthropic', { type: 'object', properties: { 'a b': {} } }, [['property-name', '/properties/a b']]],
  ['a dot in a name for gemini', 'gemini', { type: 'object', properties: { 'a.b': {} } }, [['property-name', '/properties/a.b']]],
  ['a dot in a name for anthropic', 'anthropic', { type: 'object', properties: { 'a.b': {} } }, []],
  ['a nested name', 'bedrock', { type: 'object', properties: { a: { items: { properties: { 'x/y': {} } } } } }, [['property-name', '/properties/a/items/properties/x~1y']]],
  ['a name of 65 characters', 'mistral', { type: 'object', properties: { ['a'.repeat(65)]: {} } }, [['property-name', `/properties/${'a'.repeat(65)}`]]],
  ['a $ref for gemini', 'gemini', { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: {} } }, [['no-ref', ''], ['no-ref', '/properties/a']]],
  ['a boolean schema', 'anthropic', { type: 'object', properties: { a: true } }, [['boolean-schema', '/properties/a']]],
  [
    'an open strict object',
    'openai-strict',
    { type: 'object', properties: { a: { type: 'string' } } },
    [['strict-additional-properties', ''], ['strict-required-all', '']],
  ],
  ['an untyped strict position', 'openai-strict', { type: 'object', properties: { a: {} }, required: ['a'], additionalProperties: false }, [['strict-typed', '/properties/a']]],
  [
    'a strict $ref outside $defs',
    'openai-strict',
    { type: 'object', properties: { a: { type: 'string' }, b: { $ref: '#/properties/a' } }, required: ['a', 'b'], additionalProperties: false },
    [['strict-ref', '/properties/b']],
  ],
  ['a strict $ref into $defs', 'openai-strict', { type: 'object', properties: { b: { $ref: '#/$defs/B' } }, required: ['b'], additionalProperties: false, $defs: { B: { type: 'string' } } }, []],
  [
    'a strict root anyOf',
    'openai-strict',
    { type: 'object', anyOf: [{ type: 'object', properties: {}, required: [], additionalProperties: false }], properties: {}, required: [], additionalProperties: false },
    [['strict-root-any-of', '']],
  ],
])

describe('checkProviderSchema', () => {
  it.each(rows)('%s (%s)', (_name, provider, schema, expected) => {
    expect(checkProviderSchema(schema, provider).map((violation) => [violation.rule, violation.pointer])).toEqual(expected)
  })

  it('says what is wrong in the message', () => {
    expect(checkProviderSchema({ type: 'object', properties: { 'first name': { type: 'string' } } }, 'anthropic')).toEqual([
      { rule: 'property-name', pointer: '/properties/first name', message: 'property name "first name" does not match ^[a-zA-Z0-9_.-]{1,64}$' },
    ])
  })

  it('rejects an unknown provider with a TypeError', () => {
    expect(() => checkProviderSchema({}, 'azure' as ProviderName)).toThrow('checkProviderSchema: provider: expected one of')
  })

  it('stops at a documented depth on a 10,000-deep schema instead of overflowing', () => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let level = 0; level < 10_000; level++) schema = { type: 'object', properties: { a: schema } }
    const violations = checkProviderSchema(schema, 'anthropic')
    expect(violations.map((violation) => violation.rule)).toEqual(['max-depth'])
  })
})
