// An OpenAPI `discriminator` names its union branches by `$ref` strings
// (`mapping`) and its tag by a property name (`propertyName`). The sanitized
// schema renames both kinds of thing, so the discriminator must follow:
// otherwise its mapping names no branch of the sanitized schema, and
// @x/arg-coerce (reading the sanitized schema) and unmapArgKeys (reading the
// original) choose different branches for the same value.
import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import { unmapArgKeys } from './unmap-arg-keys.js'

type Json = Record<string, unknown>

// Two branches that declare the same tag and differ in one name each
// (`a b` and `a!b` both become `a_b`): the restored name says which branch
// was chosen. Neither has a `const` tag, so only the mapping tells them apart.
const pet = (name: string, tag = '@type'): Json => ({
  type: 'object',
  properties: { [tag]: { type: 'string' }, [name]: {} },
  required: [tag],
})

/** A discriminated union of `$defs` entries, the mapping naming the second one. */
const defsUnion = (discriminator: unknown): Json =>
  deepFreeze({
    $defs: { Cat: pet('a b'), Dog: pet('a!b') },
    type: 'object',
    properties: { pet: { oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }], discriminator } },
  })

/** The branches reached by pointers through a renamed property (zod-to-json-schema's reuse style). */
const pointerUnion = deepFreeze({
  type: 'object',
  properties: {
    'first pet': { oneOf: [pet('a b', 'kind'), pet('a!b', 'kind')] },
    'second pet': {
      oneOf: [{ $ref: '#/properties/first pet/oneOf/0' }, { $ref: '#/properties/first%20pet/oneOf/1' }],
      discriminator: {
        propertyName: 'kind',
        mapping: { cat: '#/properties/first pet/oneOf/0', dog: '#/properties/first%20pet/oneOf/1' },
      },
    },
  },
})

const discriminatorOf = (schema: unknown, property = 'pet'): Json =>
  (schema as { properties: Record<string, { discriminator: Json }> }).properties[property]!.discriminator
const refsOf = (schema: unknown, property: string): unknown[] =>
  (schema as { properties: Record<string, { oneOf: Array<{ $ref: unknown }> }> }).properties[property]!.oneOf.map(
    (branch) => branch.$ref,
  )

describe('sanitizeToolSchema: a discriminator follows the renames', () => {
  it('renames `propertyName` as the property itself is renamed', () => {
    const schema = defsUnion({ propertyName: '@type', mapping: { dog: '#/$defs/Dog' } })
    expect(discriminatorOf(sanitizeToolSchema(schema))).toEqual({
      propertyName: '_type',
      mapping: { dog: '#/$defs/Dog' },
    })
  })

  it('rewrites each `mapping` pointer exactly as the branch `$ref` it names is rewritten', () => {
    const sent = sanitizeToolSchema(pointerUnion)
    const mapping = discriminatorOf(sent, 'second_pet')['mapping']
    expect(mapping).toEqual({ cat: '#/properties/first_pet/oneOf/0', dog: '#/properties/first_pet/oneOf/1' })
    expect(Object.values(mapping as Json)).toEqual(refsOf(sent, 'second_pet'))
  })

  it.each([
    ['a mapping value that is not a string', { dog: 1, cat: null, eel: ['#/properties/first pet'] }],
    ['a mapping value that is a bare schema name', { dog: 'Dog' }],
    ['a mapping value that is a remote reference', { dog: 'https://example.com/pets.json#/properties/first pet' }],
    ['a mapping value that is a dangling pointer', { dog: '#/properties/missing pet' }],
    ['a mapping that is a string', 'Dog'],
    ['a mapping that is an array', ['#/properties/first pet/oneOf/0']],
    ['a mapping that is null', null],
  ])('keeps %s as it is', (_case, mapping) => {
    const schema = deepFreeze({ ...pointerUnion, discriminator: { propertyName: 'kind', mapping } })
    const sent = sanitizeToolSchema(schema) as Json
    expect(sent['discriminator']).toEqual({ propertyName: 'kind', mapping })
  })

  it.each([
    ['a `propertyName` that is not a string', { propertyName: ['@type'], mapping: {} }],
    ['a discriminator that is not an object', '@type'],
    ['a discriminator that is an array', [{ propertyName: '@type' }]],
  ])('keeps %s as it is', (_case, discriminator) => {
    const schema = defsUnion(discriminator)
    expect(discriminatorOf(sanitizeToolSchema(schema))).toBe(discriminatorOf(schema))
  })

  it('keeps a `__proto__` mapping key as an own key, its pointer rewritten, with no prototype replaced', () => {
    const discriminator = JSON.parse('{"propertyName":"kind","mapping":{"__proto__":"#/properties/first pet/oneOf/1"}}')
    const schema = deepFreeze({ ...pointerUnion, discriminator })
    const mapping = (sanitizeToolSchema(schema) as { discriminator: { mapping: Json } }).discriminator.mapping
    expect(Object.getPrototypeOf(mapping)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(mapping, '__proto__')?.value).toBe('#/properties/first_pet/oneOf/1')
  })

  it('returns the very same discriminator when nothing in it is renamed', () => {
    const schema = defsUnion({ propertyName: 'kind', mapping: { dog: '#/$defs/Dog' } })
    expect(discriminatorOf(sanitizeToolSchema(schema))).toBe(discriminatorOf(schema))
  })

  it('returns the very same schema when nothing at all is renamed', () => {
    const schema = deepFreeze({
      $defs: { Cat: pet('a', 'kind'), Dog: pet('b', 'kind') },
      oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
      discriminator: { propertyName: 'kind', mapping: { dog: '#/$defs/Dog' } },
    })
    expect(sanitizeToolSchema(schema)).toBe(schema)
  })

  it('never mutates the schema', () => {
    const schema = defsUnion({ propertyName: '@type', mapping: { dog: '#/$defs/Dog' } })
    const before = JSON.stringify(schema)
    sanitizeToolSchema(schema)
    expect(JSON.stringify(schema)).toBe(before)
  })
})

describe('unmapArgKeys: the discriminator tag under its sent spelling', () => {
  it.each([
    [
      'the renamed tag (what the model was shown)',
      { pet: { _type: 'dog', a_b: 1 } },
      { pet: { '@type': 'dog', 'a!b': 1 } },
    ],
    ['the original tag', { pet: { '@type': 'dog', a_b: 1 } }, { pet: { '@type': 'dog', 'a!b': 1 } }],
  ])('restores under the branch the mapping names, the value carrying %s', (_case, args, expected) => {
    const schema = defsUnion({ propertyName: '@type', mapping: { dog: '#/$defs/Dog' } })
    expect(unmapArgKeys(schema, deepFreeze(args))).toEqual(expected)
  })

  it('restores under the mapped branch when the mapping pointers pass through a renamed property', () => {
    const args = deepFreeze({ second_pet: { kind: 'dog', a_b: 1 } })
    expect(unmapArgKeys(pointerUnion, args)).toEqual({ 'second pet': { kind: 'dog', 'a!b': 1 } })
  })
})
