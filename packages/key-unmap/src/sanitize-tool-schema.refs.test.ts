import { describe, expect, it } from 'vitest'
import Ajv from 'ajv'
import Ajv2020 from 'ajv/dist/2020.js'
import { resolveLocalSchemaRef } from '@x/schema-ref'
import { deepFreeze } from '@x/test-utils'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import { cloudflareSecurityInsights, pydanticTeam, zodAddresses } from './fixtures/real-schemas.js'

type Json = Record<string, unknown>

// A schema where `node` sits at properties.r, plus the targets the refs walk through.
const document = (ref: string): Json =>
  deepFreeze({
    properties: {
      r: { $ref: ref },
      'a b': {
        properties: { 'c d': { type: 'string' } },
        anyOf: [{ properties: { 'e f': {} } }],
        default: { 'c d': 1 },
      },
      'issue_class~neq': { items: { type: 'string' } },
      'zip/code': { type: 'string' },
      properties: { properties: { 'a b': {} } },
      $defs: { properties: { 'a b': {} } },
      tuple: { items: [{}, { properties: { 'a b': {} } }] },
      'card no': {},
    },
    dependentSchemas: { 'card no': { properties: { 'a b': {} } } },
    $defs: { 'My Type': { properties: { 'x y': {} } }, properties: { properties: { 'a b': {} } } },
  })

const refOf = (schema: unknown): unknown => (schema as { properties: { r: { $ref: unknown } } }).properties.r.$ref

describe('sanitizeToolSchema: $ref pointers through renamed properties', () => {
  it.each([
    ['#/properties/a b', '#/properties/a_b'],
    ['#/properties/a%20b/properties/c%20d', '#/properties/a_b/properties/c_d'],
    ['#/properties/a b/anyOf/0/properties/e f', '#/properties/a_b/anyOf/0/properties/e_f'],
    ['#/properties/issue_class~0neq/items', '#/properties/issue_class_neq/items'],
    ['#/properties/zip~1code', '#/properties/zip_code'],
    ['#/properties/properties/properties/a b', '#/properties/properties/properties/a_b'],
    ['#/properties/$defs/properties/a b', '#/properties/_defs/properties/a_b'],
    ['#/$defs/My%20Type/properties/x y', '#/$defs/My%20Type/properties/x_y'],
    ['#/$defs/properties/properties/a b', '#/$defs/properties/properties/a_b'],
    ['#/properties/tuple/items/1/properties/a b', '#/properties/tuple/items/1/properties/a_b'],
    ['#/dependentSchemas/card no/properties/a b', '#/dependentSchemas/card_no/properties/a_b'],
    ['#/properties/a b/default/c d', '#/properties/a_b/default/c%20d'],
  ])('rewrites %s to %s', (ref, expected) => {
    expect(refOf(sanitizeToolSchema(document(ref)))).toBe(expected)
  })

  it.each([
    ['a ref through no renamed property', '#/$defs/My%20Type'],
    ['a remote ref', 'https://example.com/tool.json#/properties/a b'],
    ['a plain-name anchor', '#Address'],
    ['an invalid ~ escape', '#/properties/a b~2'],
    ['bad percent-encoding', '#/properties/a%zzb'],
    ['a dangling pointer', '#/properties/missing/properties/a b'],
    ['the root', '#'],
  ])('leaves %s as it is', (_case, ref) => {
    expect(refOf(sanitizeToolSchema(document(ref)))).toBe(ref)
  })

  it.each([
    '#/properties/a b/properties/c d',
    '#/properties/properties/properties/a b',
    '#/dependentSchemas/card no',
    '#/properties/tuple/items/1',
  ])('keeps %s resolving, in the sanitized schema, to the sanitized image of its original target', (ref) => {
    const original = document(ref)
    const sanitized = sanitizeToolSchema(original) as { properties: Json }
    const target = resolveLocalSchemaRef(original, (original as { properties: Json }).properties['r'])
    expect(target).not.toHaveProperty('$ref')
    expect(resolveLocalSchemaRef(sanitized, sanitized.properties['r'])).toEqual(
      sanitizeToolSchema(structuredClone(target)),
    )
  })

  it("rewrites zod-to-json-schema's reuse ref (#/properties/home address) so it resolves", () => {
    const sanitized = sanitizeToolSchema(zodAddresses) as { properties: Json }
    expect(sanitized.properties['work_address']).toEqual({ $ref: '#/properties/home_address' })
    expect(resolveLocalSchemaRef(sanitized, sanitized.properties['work_address'])).toBe(
      sanitized.properties['home_address'],
    )
  })
})

describe('sanitizeToolSchema: the sanitized fixtures are schemas a validator accepts', () => {
  it('ajv compiles the sanitized zod schema (every ref resolves) and validates model-style arguments', () => {
    const validate = new Ajv({ strict: false }).compile(sanitizeToolSchema(zodAddresses))
    const address = { street_name: 'Main', zip_code: '1' }
    expect(validate({ home_address: address, work_address: address, filters__: ['a'], page_size: 2 })).toBe(true)
    expect(validate({ home_address: address, work_address: { street_name: 'x' }, filters__: [] })).toBe(false)
  })

  it('ajv (2020-12) compiles the sanitized pydantic schema and validates model-style arguments', () => {
    const validate = new Ajv2020({ strict: false }).compile(sanitizeToolSchema(pydanticTeam))
    expect(
      validate({ person: { first_name: 'Ada' }, team_members: [[{ first_name: 'Grace', last_name: null }]] }),
    ).toBe(true)
    expect(validate({ person: { 'first name': 'Ada' }, team_members: [] })).toBe(false)
  })

  it('ajv (2020-12) compiles the sanitized Cloudflare schema', () => {
    const validate = new Ajv2020({ strict: false }).compile(sanitizeToolSchema(cloudflareSecurityInsights))
    expect(
      validate({
        account_id: 'a',
        issue_class_neq: ['x'],
        'meta._field___operator__': 'v',
        filters__: [{ field_name: 'f', op_: 'eq' }],
      }),
    ).toBe(true)
  })
})

describe('sanitizeToolSchema: $ref targets outside the schema keywords', () => {
  const openApiStyle = deepFreeze({
    type: 'object',
    properties: { person: { $ref: '#/components/schemas/Person' }, 'a b': {} },
    components: {
      schemas: {
        Person: { type: 'object', properties: { 'first name': { $ref: '#/x-defs/Name' } } },
        Unused: { properties: { 'c d': {} } },
      },
    },
    'x-defs': { Name: { type: 'object', properties: { 'given name': {} } } },
  })

  it('sanitizes a schema reached only by $ref (#/components/schemas/X), and the targets of its own refs', () => {
    expect(sanitizeToolSchema(openApiStyle)).toEqual({
      type: 'object',
      properties: { person: { $ref: '#/components/schemas/Person' }, a_b: {} },
      components: {
        schemas: {
          Person: { type: 'object', properties: { first_name: { $ref: '#/x-defs/Name' } } },
          Unused: { properties: { 'c d': {} } },
        },
      },
      'x-defs': { Name: { type: 'object', properties: { given_name: {} } } },
    })
  })

  it('sanitizes a target nested inside another target, whatever order the refs come in', () => {
    const schema = deepFreeze({
      properties: { inner: { $ref: '#/components/A/x-inner/B' }, outer: { $ref: '#/components/A' } },
      components: { A: { properties: { 'a b': {} }, 'x-inner': { B: { properties: { 'c d': {} } } } } },
    })
    expect(sanitizeToolSchema(schema)).toEqual({
      properties: { inner: { $ref: '#/components/A/x-inner/B' }, outer: { $ref: '#/components/A' } },
      components: { A: { properties: { a_b: {} }, 'x-inner': { B: { properties: { c_d: {} } } } } },
    })
  })

  it('rewrites a pointer through a renamed property inside such a schema, when that schema is itself a $ref target', () => {
    const schema = deepFreeze({
      properties: {
        name: { $ref: '#/components/schemas/Person/properties/first name' },
        person: { $ref: '#/components/schemas/Person' },
      },
      components: { schemas: { Person: { properties: { 'first name': { type: 'string' } } } } },
    })
    const sanitized = sanitizeToolSchema(schema) as { properties: Json }
    expect(sanitized.properties['name']).toEqual({ $ref: '#/components/schemas/Person/properties/first_name' })
    expect(resolveLocalSchemaRef(sanitized, sanitized.properties['name'])).toEqual({ type: 'string' })
  })

  it('leaves data that no $ref points at as it is', () => {
    const sanitized = sanitizeToolSchema(openApiStyle) as { components: { schemas: Json } }
    expect(sanitized.components.schemas['Unused']).toBe(openApiStyle.components.schemas.Unused)
    expect(Object.isFrozen(sanitized.components)).toBe(true)
  })
})
