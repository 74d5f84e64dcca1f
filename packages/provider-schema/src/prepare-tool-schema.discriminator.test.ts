// An OpenAPI discriminator chooses a union branch by a tag: `mapping` names
// the branches by their `$ref`. Where references are inlined (OpenAI strict
// mode, Gemini, and any root that must be wrapped) no branch keeps a `$ref`
// and the providers that inline also refuse the `discriminator` keyword; the
// tags must survive as what each branch admits, or restoring chooses another
// branch than the tool's own schema names.
import { coerceToolArgs } from '@x/arg-coerce'
import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkProviderSchema } from './check-provider-schema.js'
import { prepareToolSchema } from './prepare-tool-schema.js'
import { PROVIDER_NAMES } from './provider-names.js'

type Json = Record<string, unknown>

// Both branches declare the same tag and `lives`; only the mapping tells a
// dog (`lives` a boolean, `a!b`) from a cat (`lives` an integer, `a b`).
const pet = (name: string, lives: string): Json => ({
  type: 'object',
  properties: { '@type': { type: 'string' }, lives: { type: lives }, [name]: { type: 'integer' } },
  required: ['@type', 'lives'],
})
const union = (mapping: unknown): Json => ({
  oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
  discriminator: { propertyName: '@type', mapping },
})
const MAPPING = { cat: '#/$defs/Cat', dog: '#/$defs/Dog' }
const nested = deepFreeze({
  $defs: { Cat: pet('a b', 'integer'), Dog: pet('a!b', 'boolean') },
  type: 'object',
  properties: { pet: union(MAPPING) },
  required: ['pet'],
})
// A root that is a union is wrapped as the property `value`, its references inlined, whatever the provider.
const wrapped = deepFreeze({ $defs: { Cat: pet('a b', 'integer'), Dog: pet('a!b', 'boolean') }, ...union(MAPPING) })

const dog = { '@type': 'dog', lives: 'true', 'a!b': '1' }
const sentDog = { _type: 'dog', lives: 'true', a_b: '1' }
const restoredDog = { '@type': 'dog', lives: true, 'a!b': 1 }

describe('prepareToolSchema: a discriminated union restores under the branch its mapping names', () => {
  it('coerces the tool-side arguments by the mapped branch (what every provider must match)', () => {
    expect(coerceToolArgs(nested, deepFreeze({ pet: dog }))).toEqual({ pet: restoredDog })
    expect(coerceToolArgs(wrapped, deepFreeze(dog))).toEqual(restoredDog)
  })

  it.each(PROVIDER_NAMES)('%s: a property holding the union', (provider) => {
    const prepared = prepareToolSchema(nested, { provider })
    expect(prepared.restoreArgs(deepFreeze({ pet: sentDog }))).toEqual({ pet: restoredDog })
  })

  it.each(PROVIDER_NAMES)('%s: a root that is the union (wrapped, references inlined)', (provider) => {
    const prepared = prepareToolSchema(wrapped, { provider })
    expect(prepared.restoreArgs(deepFreeze({ value: sentDog }))).toEqual(restoredDog)
  })

  it.each(PROVIDER_NAMES)('%s: the prepared schema still passes the provider check', (provider) => {
    expect(checkProviderSchema(prepareToolSchema(nested, { provider }).schema, provider)).toEqual([])
    expect(checkProviderSchema(prepareToolSchema(wrapped, { provider }).schema, provider)).toEqual([])
  })

  const tagEnums = (schema: unknown): unknown[] =>
    (schema as { properties: { pet: { anyOf: Array<{ properties: Json }> } } }).properties.pet.anyOf.map(
      (branch) => (branch.properties['_type'] as Json)['enum'],
    )

  it.each(['openai-strict', 'gemini'] as const)('%s: each inlined branch admits only its own tags', (provider) => {
    expect(tagEnums(prepareToolSchema(nested, { provider }).schema)).toEqual([['cat'], ['dog']])
  })

  it('openai-strict: keeps the null the mapped branch requires, drops the one another branch may omit', () => {
    // The same names in both branches: only the tag tells them apart.
    const withName = (lives: string, name: Json, required: readonly string[]): Json => {
      const base = pet('a b', lives)
      return { ...base, properties: { ...(base['properties'] as Json), name }, required }
    }
    const schema = deepFreeze({
      ...nested,
      $defs: {
        Cat: withName('integer', { type: 'string' }, ['@type', 'lives']),
        Dog: withName('boolean', { type: ['string', 'null'] }, ['@type', 'lives', 'name']),
      },
    })
    const prepared = prepareToolSchema(schema, { provider: 'openai-strict' })
    expect(prepared.restoreArgs(deepFreeze({ pet: { _type: 'dog', lives: 'true', a_b: '1', name: null } }))).toEqual({
      pet: { '@type': 'dog', lives: true, 'a b': 1, name: null },
    })
    expect(prepared.restoreArgs(deepFreeze({ pet: { _type: 'cat', lives: '3', a_b: null, name: null } }))).toEqual({
      pet: { '@type': 'cat', lives: 3 },
    })
  })

  it('drops the inlined mapping, whose pointers name removed definitions, and keeps `propertyName`', () => {
    const { schema } = prepareToolSchema(wrapped, { provider: 'anthropic' })
    expect((schema as { properties: { value: Json } }).properties.value['discriminator']).toEqual({
      propertyName: '_type',
    })
  })

  it('gives a branch named by several tags all of them', () => {
    const schema = deepFreeze({ ...nested, properties: { pet: union({ ...MAPPING, puppy: '#/$defs/Dog' }) } })
    expect(tagEnums(prepareToolSchema(schema, { provider: 'openai-strict' }).schema)).toEqual([
      ['cat'],
      ['dog', 'puppy'],
    ])
  })

  it('reads a `__proto__` tag as a tag like any other', () => {
    const schema = deepFreeze({ ...nested, properties: { pet: union(JSON.parse('{"__proto__":"#/$defs/Dog"}')) } })
    expect(tagEnums(prepareToolSchema(schema, { provider: 'gemini' }).schema)).toEqual([undefined, ['__proto__']])
  })

  it.each([
    ['not an object', 'Dog'],
    ['with values that are not strings', { cat: 1, dog: null }],
    ['naming no branch', { cat: '#/$defs/Lion', dog: '#/$defs/Dog/properties/lives' }],
  ])('leaves the branches as they are for a mapping %s, never throwing', (_case, mapping) => {
    const schema = deepFreeze({ ...nested, properties: { pet: union(mapping) } })
    expect(tagEnums(prepareToolSchema(schema, { provider: 'gemini' }).schema)).toEqual([undefined, undefined])
    for (const provider of PROVIDER_NAMES) {
      const prepared = prepareToolSchema(schema, { provider })
      expect(() => prepared.restoreArgs({ pet: sentDog })).not.toThrow()
      expect(checkProviderSchema(prepared.schema, provider)).toEqual([])
    }
  })
})

// The law behind the table: for every provider, a value whose tag the
// mapping names is restored exactly as the tool's own schema coerces it
// (which chooses by the mapping). Each branch types `n` its own way and
// spells `x` its own way (all spell `x_` for the model), so another branch
// shows in the restored value.
const SPELLINGS = [' ', '!', '#', '%']
const TYPES = ['integer', 'boolean', 'string', 'number']
const discriminated = fc
  .record({
    count: fc.integer({ min: 2, max: 4 }),
    order: fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4, maxLength: 4 }),
    tags: fc.shuffledSubarray(['cat', 'dog', 'eel', '__proto__'], { minLength: 4, maxLength: 4 }),
    propertyName: fc.constantFrom('kind', '@type', 'pet kind'),
    root: fc.boolean(),
  })
  .map(({ count, order, tags, propertyName, root }) => {
    const branches = order.slice(0, count).map((type, index) => ({
      type: 'object',
      properties: {
        [propertyName]: { type: 'string' },
        n: { type: TYPES[type] },
        [`x${SPELLINGS[index]}`]: { type: 'integer' },
      },
      required: [propertyName, 'n'],
    }))
    const mapping: Json = {}
    branches.forEach((_, index) =>
      Object.defineProperty(mapping, tags[index]!, { value: `#/$defs/B${index}`, enumerable: true }),
    )
    const $defs = Object.fromEntries(branches.map((branch, index) => [`B${index}`, branch]))
    const u = {
      oneOf: branches.map((_, index) => ({ $ref: `#/$defs/B${index}` })),
      discriminator: { propertyName, mapping },
    }
    const schema = root ? { $defs, ...u } : { $defs, type: 'object', properties: { u }, required: ['u'] }
    return { schema: deepFreeze(schema), tags: tags.slice(0, count), propertyName, root }
  })

describe('prepareToolSchema: a mapped tag restores as the tool schema coerces it', () => {
  it.each(PROVIDER_NAMES)('%s (fast-check)', (provider) => {
    fc.assert(
      fc.property(
        discriminated,
        fc.nat({ max: 3 }),
        fc.constantFrom<unknown>('1', 'true', '2.5', 1, true),
        ({ schema, tags, propertyName, root }, pick, n) => {
          const index = pick % tags.length
          const sentValue: Json = { n, x_: '2' }
          Object.defineProperty(sentValue, propertyName.replace(/[^a-zA-Z0-9_-]/g, '_'), {
            value: tags[index],
            enumerable: true,
          })
          const toolValue: Json = { n, [`x${SPELLINGS[index]}`]: '2' }
          Object.defineProperty(toolValue, propertyName, { value: tags[index], enumerable: true })
          const prepared = prepareToolSchema(schema, { provider })
          const restored = prepared.restoreArgs(deepFreeze(root ? { value: sentValue } : { u: sentValue }))
          const expected = coerceToolArgs(schema, deepFreeze(root ? toolValue : { u: toolValue }))
          expect(restored).toEqual(expected)
        },
      ),
      { numRuns: 60 },
    )
  })
})
