// Type tests, run by vitest's typecheck in `pnpm test`: the type of the
// sanitized schema never claims a property name the run time may not have.
import { describe, expectTypeOf, it } from 'vitest'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import type { SanitizedToolSchema } from './types.js'

const tool = {
  type: 'object',
  description: 'Find a person',
  properties: { 'first name': { type: 'string' }, age: { type: 'integer' }, address: { $ref: '#/$defs/Address' } },
  required: ['first name'],
  $defs: { Address: { type: 'object', properties: { 'zip code': { type: 'string' } } } },
  anyOf: [{ required: ['age'] }],
  items: [{ type: 'string' }],
  not: { properties: { 'x y': {} } },
  dependentRequired: { 'first name': ['age'] },
  dependencies: { age: ['first name'], 'first name': { properties: { 'p q': { type: 'null' } } } },
} as const

describe('sanitizeToolSchema types', () => {
  const sent = sanitizeToolSchema(tool)

  it('keeps keyword names and the values of keywords that hold no property names', () => {
    expectTypeOf(sent.type).toEqualTypeOf<'object'>()
    expectTypeOf(sent.description).toEqualTypeOf<'Find a person'>()
    expectTypeOf<keyof typeof sent>().toEqualTypeOf<keyof typeof tool>()
  })

  it('does not claim the property names of a properties map', () => {
    expectTypeOf<keyof typeof sent.properties>().toEqualTypeOf<string | number>()
    // @ts-expect-error the declared spelling is not a known key of the sanitized map
    expectTypeOf(sent.properties).toEqualTypeOf<{ readonly 'first name': { readonly type: 'string' } }>()
  })

  it('types the values of a properties map as the sanitized property schemas', () => {
    type Value = (typeof sent.properties)[string]
    expectTypeOf<Value>().toEqualTypeOf<
      { readonly type: 'string' } | { readonly type: 'integer' } | { readonly $ref: string }
    >()
  })

  it('keeps definition names, and sanitizes what they hold', () => {
    expectTypeOf(sent.$defs).toHaveProperty('Address')
    expectTypeOf(sent.$defs.Address.type).toEqualTypeOf<'object'>()
    expectTypeOf<keyof typeof sent.$defs.Address.properties>().toEqualTypeOf<string | number>()
  })

  it('types required, dependentRequired, draft 7 dependencies and $ref as plain strings', () => {
    expectTypeOf(sent.required).toEqualTypeOf<readonly string[]>()
    expectTypeOf(sent.dependentRequired).toEqualTypeOf<{ readonly [name: string]: readonly string[] }>()
    expectTypeOf<(typeof sent.dependencies)[string]>().toEqualTypeOf<
      readonly string[] | { readonly properties: { readonly [name: string]: { readonly type: 'null' } } }
    >()
    expectTypeOf<SanitizedToolSchema<{ $ref: '#/properties/first name' }>>().toEqualTypeOf<{ readonly $ref: string }>()
  })

  it("types a discriminator's propertyName and mapping values as plain strings, keeping its tags", () => {
    const union = {
      oneOf: [],
      discriminator: { propertyName: '@type', mapping: { dog: '#/$defs/Dog' }, x: 1 },
    } as const
    expectTypeOf(sanitizeToolSchema(union).discriminator).toEqualTypeOf<{
      readonly propertyName: string
      readonly mapping: { readonly dog: string }
      readonly x: 1
    }>()
    expectTypeOf<SanitizedToolSchema<{ discriminator: 'kind' }>>().toEqualTypeOf<{ readonly discriminator: 'kind' }>()
  })

  it('sanitizes lists, tuples and single sub-schemas', () => {
    expectTypeOf(sent.anyOf).toEqualTypeOf<readonly [{ readonly required: readonly string[] }]>()
    expectTypeOf(sent.items).toEqualTypeOf<readonly [{ readonly type: 'string' }]>()
    expectTypeOf<keyof typeof sent.not.properties>().toEqualTypeOf<string | number>()
  })

  it('returns anything that is not a schema object as its own type', () => {
    expectTypeOf(sanitizeToolSchema(true)).toEqualTypeOf<boolean>()
    expectTypeOf(sanitizeToolSchema(null)).toEqualTypeOf<null>()
    expectTypeOf(sanitizeToolSchema(['a'] as const)).toEqualTypeOf<readonly ['a']>()
    expectTypeOf(sanitizeToolSchema({ properties: null })).toEqualTypeOf<{ readonly properties: null }>()
  })

  it('keeps an index-signature schema type (a JSON object) as it is, read-only', () => {
    expectTypeOf(sanitizeToolSchema({} as Record<string, unknown>)).toEqualTypeOf<{ readonly [key: string]: unknown }>()
    expectTypeOf(sanitizeToolSchema({} as unknown)).toEqualTypeOf<unknown>()
  })
})
