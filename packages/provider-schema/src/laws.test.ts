import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { coerceToolArgs } from '@x/arg-coerce'
import { deepFreeze } from '@x/test-utils'
import { checkProviderSchema } from './check-provider-schema.js'
import { prepareToolSchema } from './prepare-tool-schema.js'
import { PROVIDER_NAMES } from './provider-names.js'
import { instanceOf, random } from './test-support/instances.js'
import { isValid } from './test-support/validate.js'

type Json = Record<string, unknown>

// Names as tools spell them, including the awkward ones.
const name = fc.oneof(
  fc.constantFrom('a b', 'a_b', 'a.b', 'first name', 'properties', '$ref', 'required', '__proto__', 'constructor', '', 'value', '1st', 'é'),
  fc.stringMatching(/^[a-z_ .!-]{1,4}$/),
)

const leaf = fc.constantFrom<Json>(
  { type: 'string' },
  { type: 'integer' },
  { type: 'number' },
  { type: 'boolean' },
  { type: ['string', 'null'] },
  { enum: ['a', 'b', 1] },
  { const: 'fixed' },
  {},
  { type: 'object' },
  { type: 'object', additionalProperties: { type: 'integer' } },
)

/** Schemas with objects, arrays, unions, optional properties and pydantic-style `$defs` references. */
const schemas: fc.Arbitrary<Json> = fc
  .letrec<{ node: Json }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .tuple(fc.uniqueArray(fc.tuple(name, tie('node'), fc.boolean()), { selector: ([key]) => key, maxLength: 4 }), fc.boolean())
        .map(([entries, closed]): Json => {
          const properties: Json = {}
          for (const [key, child] of entries) Object.defineProperty(properties, key, { value: child, enumerable: true, writable: true, configurable: true })
          return {
            type: 'object',
            properties,
            required: entries.filter(([, , required]) => required).map(([key]) => key),
            ...(closed ? { additionalProperties: false } : {}),
          }
        }),
      tie('node').map((items): Json => ({ type: 'array', items })),
      fc.tuple(tie('node'), tie('node')).map(([first, second]): Json => ({ anyOf: [first, second] })),
    ),
  }))
  .node.map((node) => {
    // Hoist the root's object properties into $defs, as pydantic does.
    if (node.type !== 'object' || typeof node.properties !== 'object') return { type: 'object', properties: { v: node }, required: ['v'] }
    const properties: Json = {}
    const $defs: Json = {}
    for (const [key, child] of Object.entries(node.properties as Json)) {
      const id = `D${Object.keys($defs).length}`
      $defs[id] = child
      Object.defineProperty(properties, key, { value: { $ref: `#/$defs/${id}` }, enumerable: true, writable: true, configurable: true })
    }
    return { ...node, properties, $defs }
  })
  .map((schema) => deepFreeze(schema))

const provider = fc.constantFrom(...PROVIDER_NAMES)
const anything = fc.jsonValue().map((value) => deepFreeze(value))

describe('laws', () => {
  it('preparation never throws, never mutates, and gives a schema the provider accepts', () => {
    fc.assert(
      fc.property(schemas, provider, (schema, providerName) => {
        const before = JSON.stringify(schema)
        const prepared = prepareToolSchema(schema, { provider: providerName })
        expect(checkProviderSchema(prepared.schema, providerName)).toEqual([])
        expect(JSON.stringify(schema)).toBe(before)
      }),
      { numRuns: 300 },
    )
  })

  it('preparation is idempotent: the prepared schema prepares to itself', () => {
    fc.assert(
      fc.property(schemas, provider, (schema, providerName) => {
        const once = prepareToolSchema(schema, { provider: providerName }).schema
        expect(prepareToolSchema(once, { provider: providerName }).schema).toEqual(once)
      }),
      { numRuns: 300 },
    )
  })

  it('restoreArgs and toModelArgs never throw and never mutate, whatever arrives', () => {
    fc.assert(
      fc.property(schemas, provider, anything, (schema, providerName, args) => {
        const prepared = prepareToolSchema(schema, { provider: providerName })
        const before = JSON.stringify(args)
        prepared.restoreArgs(args)
        prepared.restoreArgs(JSON.stringify(args))
        prepared.restoreArgsWithPatch(args)
        prepared.toModelArgs(args)
        expect(JSON.stringify(args)).toBe(before)
      }),
      { numRuns: 300 },
    )
  })

  it('restore ∘ model form = identity on valid arguments', () => {
    fc.assert(
      fc.property(schemas, provider, fc.integer(), (schema, providerName, seed) => {
        const instance = instanceOf(schema, random(seed), { omitNullOptional: providerName === 'openai-strict' })
        // ajv 8.20 reads a `__proto__` property as an additional one (and skips it in
        // `required`), so it cannot judge these; prototype safety has its own tests.
        fc.pre(!JSON.stringify(schema).includes('"__proto__"'))
        fc.pre(instance !== undefined && isValid(schema, instance))
        // A valid value that @x/arg-coerce itself changes against the original schema
        // (it enters the first array branch of a union of arrays) is that package's
        // behaviour, not this one's: such instances are left out here.
        fc.pre(coerceToolArgs(schema, instance) === instance)
        const prepared = prepareToolSchema(schema, { provider: providerName })
        const modelForm = prepared.toModelArgs(deepFreeze(instance))
        expect(isValid(prepared.schema, modelForm)).toBe(true)
        expect(prepared.restoreArgs(modelForm)).toEqual(instance)
        expect(prepared.restoreArgs(JSON.stringify(modelForm))).toEqual(instance)
      }),
      { numRuns: 200 },
    )
  }, 60_000)
})
