import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { checkProviderSchema } from './check-provider-schema.js'
import { PROFILES } from './internal/profiles.js'
import type { ProviderName } from './types.js'

const closed = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
})

const rows: ReadonlyArray<readonly [string, ProviderName, unknown, ReadonlyArray<readonly [string, string]>]> =
  deepFreeze([
    ['a valid object', 'anthropic', { type: 'object', properties: { a: { type: 'string' } } }, []],
    ['a root without type', 'anthropic', { properties: {} }, [['root-object', '']]],
    ['a string root', 'openai', { type: 'string' }, [['root-object', '']]],
    ['not a schema', 'generic', 5, [['root-object', '']]],
    [
      'a space in a name',
      'anthropic',
      { type: 'object', properties: { 'a b': {} } },
      [['property-name', '/properties/a b']],
    ],
    ['a dot in a name for anthropic', 'anthropic', { type: 'object', properties: { 'a.b': {} } }, []],
    [
      'a dot in a name for openai',
      'openai',
      { type: 'object', properties: { 'a.b': {} } },
      [['property-name', '/properties/a.b']],
    ],
    [
      'a dot in a name for gemini',
      'gemini',
      { type: 'object', properties: { 'a.b': { type: 'string' } } },
      [['property-name', '/properties/a.b']],
    ],
    [
      'a leading digit for generic',
      'generic',
      { type: 'object', properties: { '1st': {} } },
      [['property-name', '/properties/1st']],
    ],
    [
      'a nested name',
      'bedrock',
      { type: 'object', properties: { a: { items: { properties: { 'x/y': {} } } } } },
      [['property-name', '/properties/a/items/properties/x~1y']],
    ],
    [
      'a name of 65 characters',
      'mistral',
      { type: 'object', properties: { ['a'.repeat(65)]: {} } },
      [['property-name', `/properties/${'a'.repeat(65)}`]],
    ],
    ['a boolean schema where anything goes', 'anthropic', { type: 'object', properties: { a: true } }, []],
    [
      'a boolean schema for gemini',
      'gemini',
      { type: 'object', properties: { a: true } },
      [['typed', '/properties/a']],
    ],
    [
      'a $ref for gemini',
      'gemini',
      { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } },
      [
        ['keyword', ''],
        ['typed', '/properties/a'],
        ['keyword', '/properties/a'],
      ],
    ],
    [
      'additionalProperties for gemini',
      'gemini',
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      [['keyword', '']],
    ],
    [
      '$schema for gemini',
      'gemini',
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { a: { type: 'string' } },
      },
      [['keyword', '']],
    ],
    [
      'const for gemini',
      'gemini',
      { type: 'object', properties: { a: { type: 'string', const: 'x' } } },
      [['keyword', '/properties/a']],
    ],
    [
      'a type list for gemini',
      'gemini',
      { type: 'object', properties: { a: { type: ['string', 'null'] } } },
      [['single-type', '/properties/a']],
    ],
    [
      'a number enum for gemini',
      'gemini',
      { type: 'object', properties: { a: { type: 'integer', enum: [1, 2] } } },
      [['string-enum', '/properties/a']],
    ],
    [
      'type beside anyOf for gemini',
      'gemini',
      { type: 'object', properties: { a: { type: 'string', anyOf: [{ type: 'string' }] } } },
      [['any-of-beside-type', '/properties/a']],
    ],
    [
      'an untyped position for gemini',
      'gemini',
      { type: 'object', properties: { a: { description: 'x' } } },
      [['typed', '/properties/a']],
    ],
    [
      'only null for gemini',
      'gemini',
      { type: 'object', properties: { a: { type: 'null' } } },
      [['typed', '/properties/a']],
    ],
    [
      'an empty nested object for gemini',
      'gemini',
      { type: 'object', properties: { a: { type: 'object', properties: {} } } },
      [['empty-object', '/properties/a']],
    ],
    ['an empty root for gemini (left out of the request)', 'gemini', { type: 'object', properties: {} }, []],
    [
      'an array without items for gemini',
      'gemini',
      { type: 'object', properties: { a: { type: 'array' } } },
      [['array-items', '/properties/a']],
    ],
    [
      'a uuid format for gemini',
      'gemini',
      { type: 'object', properties: { a: { type: 'string', format: 'uuid' } } },
      [['format', '/properties/a']],
    ],
    [
      'a date-time format for gemini',
      'gemini',
      { type: 'object', properties: { a: { type: 'string', format: 'date-time' } } },
      [],
    ],
    [
      'an open strict object',
      'openai-strict',
      { type: 'object', properties: { a: { type: 'string' } } },
      [
        ['strict-additional-properties', ''],
        ['strict-required-all', ''],
      ],
    ],
    ['an untyped strict position', 'openai-strict', closed({ a: {} }), [['typed', '/properties/a']]],
    [
      'a strict $ref outside $defs',
      'openai-strict',
      closed({ a: { type: 'string' }, b: { $ref: '#/properties/a' } }),
      [['strict-ref', '/properties/b']],
    ],
    [
      'a strict $ref into $defs',
      'openai-strict',
      { ...closed({ b: { $ref: '#/$defs/B' } }), $defs: { B: { type: 'string' } } },
      [],
    ],
    ['a strict root anyOf', 'openai-strict', { ...closed({}), anyOf: [closed({})] }, [['strict-root-any-of', '']]],
    [
      'a strict default',
      'openai-strict',
      closed({ a: { type: 'string', default: 'x' } }),
      [['default', '/properties/a']],
    ],
    [
      'a strict minLength',
      'openai-strict',
      closed({ a: { type: 'string', minLength: 1 } }),
      [['keyword', '/properties/a']],
    ],
    [
      'a strict allOf',
      'openai-strict',
      closed({ a: { allOf: [{ type: 'string' }] } }),
      [
        ['typed', '/properties/a'],
        ['keyword', '/properties/a'],
      ],
    ],
    [
      'a strict uri format',
      'openai-strict',
      closed({ a: { type: 'string', format: 'uri' } }),
      [['format', '/properties/a']],
    ],
    ['a strict email format', 'openai-strict', closed({ a: { type: 'string', format: 'email' } }), []],
  ])

describe('checkProviderSchema', () => {
  it.each(rows)('%s (%s)', (_name, provider, schema, expected) => {
    const violations = checkProviderSchema(schema, provider)
    expect(violations.map((violation) => [violation.rule, violation.pointer])).toEqual(expected)
    // Every rule reported is a row of the provider's table (and so of the README).
    for (const violation of violations) expect(PROFILES[provider].rules.map((row) => row.id)).toContain(violation.rule)
  })

  it('says what is wrong in the message', () => {
    expect(
      checkProviderSchema({ type: 'object', properties: { 'first name': { type: 'string' } } }, 'anthropic'),
    ).toEqual([
      {
        rule: 'property-name',
        pointer: '/properties/first name',
        message: 'property name "first name" does not match ^[a-zA-Z0-9_.-]{1,64}$',
      },
    ])
  })

  it('rejects an unknown provider with a TypeError', () => {
    expect(() => checkProviderSchema({}, 'azure' as ProviderName)).toThrow(
      'checkProviderSchema: provider: expected one of',
    )
  })

  it.each([
    [
      'objects nested 11 deep',
      11,
      [
        [
          'strict-max-depth',
          '/properties/a/properties/a/properties/a/properties/a/properties/a/properties/a/properties/a/properties/a/properties/a/properties/a',
        ],
      ],
    ],
    ['objects nested 10 deep', 10, []],
  ] as const)('openai-strict: %s', (_name, levels, expected) => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let level = 0; level < levels; level++)
      schema = { type: 'object', properties: { a: schema }, required: ['a'], additionalProperties: false }
    expect(
      checkProviderSchema(schema, 'openai-strict').map((violation) => [violation.rule, violation.pointer]),
    ).toEqual(expected)
  })

  it('openai-strict: counts properties, enum values and their characters over the whole schema', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 5001 }, (_, index) => [
        `p${index}`,
        { type: 'string', enum: index === 0 ? Array.from({ length: 1001 }, (_, value) => `v${value}`) : ['x'] },
      ]),
    )
    const rules = checkProviderSchema(
      { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
      'openai-strict',
    ).map((violation) => violation.rule)
    expect(rules).toEqual(['strict-max-properties', 'strict-max-enum-values'])
  })

  it('openai-strict: a large string enum of more than 15,000 characters', () => {
    const values = Array.from({ length: 251 }, (_, index) => `${'v'.repeat(60)}${index}`)
    expect(
      checkProviderSchema(closed({ a: { type: 'string', enum: values } }), 'openai-strict').map(
        (violation) => violation.rule,
      ),
    ).toEqual(['strict-large-enum'])
  })

  it('stops at a documented depth on a 10,000-deep schema instead of overflowing', () => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let level = 0; level < 10_000; level++) schema = { type: 'object', properties: { a: schema } }
    const violations = checkProviderSchema(schema, 'anthropic')
    expect(violations.map((violation) => violation.rule)).toEqual(['max-depth'])
  })
})
