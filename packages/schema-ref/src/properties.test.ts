// Laws that hold for any JSON root and any ref string (fast-check).
import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRefResolver } from './create-ref-resolver.js'
import { resolveLocalSchemaRef } from './resolve-local-schema-ref.js'

const keys = [
  '$defs',
  'definitions',
  'properties',
  'anyOf',
  'items',
  'a',
  'b',
  '',
  'a/b',
  'm~n',
  '%',
  '__proto__',
  'constructor',
  'toString',
  '0',
  '1',
]
const token = fc.oneof(
  { arbitrary: fc.constantFrom(...keys), weight: 8 },
  { arbitrary: fc.string({ maxLength: 4 }), weight: 1 },
)
const escaped = (text: string): string => text.replaceAll('~', '~0').replaceAll('/', '~1')
const ref = fc.oneof(
  {
    arbitrary: fc
      .array(token, { maxLength: 3 })
      .map((tokens) => '#' + tokens.map((part) => '/' + escaped(part)).join('')),
    weight: 6,
  },
  fc.array(token, { maxLength: 4 }).map((tokens) => '#' + tokens.map((part) => '/' + escaped(part)).join('')),
  fc
    .array(token, { maxLength: 4 })
    .map((tokens) => '#' + tokens.map((part) => '/' + encodeURIComponent(escaped(part))).join('')),
  fc.constantFrom(
    '#',
    '#/',
    '#Address',
    '#/a~2',
    '#/%zz',
    '#/%E0%A4%A',
    '#/%C0%AF',
    'other.json#/a',
    'https://x.test/s',
    '',
  ),
  fc.string({ maxLength: 12 }),
)

// JSON documents whose objects often carry a `$ref`, keyed by the names the
// refs above point at, so that chains, cycles and booleans actually occur.
const { node } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.boolean(), fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null)),
    fc.array(tie('node'), { maxLength: 3 }),
    fc
      .tuple(fc.dictionary(fc.constantFrom(...keys), tie('node'), { maxKeys: 4 }), fc.option(ref, { nil: undefined }))
      .map(([object, reference]) => (reference === undefined ? object : { ...object, $ref: reference })),
  ),
}))
// Through JSON text, so a generated "__proto__" key is an own data property,
// exactly as JSON.parse hands it to the resolver in real use.
const json = fc
  .oneof(
    { arbitrary: fc.dictionary(fc.constantFrom(...keys), node, { minKeys: 2, maxKeys: 8 }), weight: 4 },
    { arbitrary: node, weight: 1 },
  )
  .map((value) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown)
const refNode = fc
  .tuple(
    ref,
    fc.dictionary(fc.constantFrom('description', 'title', 'type', '__proto__'), fc.jsonValue({ maxDepth: 1 }), {
      maxKeys: 2,
    }),
  )
  .map(([reference, siblings]) => JSON.parse(JSON.stringify({ ...siblings, $ref: reference })) as unknown)
const schema = fc.oneof(refNode, json)

const hasOwnStringRef = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  Object.hasOwn(value, '$ref') &&
  typeof (value as Record<string, unknown>)['$ref'] === 'string'

describe('laws', () => {
  it('never throws and never writes to the root, the node or Object.prototype', () => {
    fc.assert(
      fc.property(json, schema, (root, input) => {
        const before = JSON.stringify([root, input])
        deepFreeze(root)
        deepFreeze(input)
        resolveLocalSchemaRef(root, input)
        createRefResolver(root).resolveOnPath(input, { ref: '#/$defs/a', parent: undefined })
        expect(JSON.stringify([root, input])).toBe(before)
        expect(Object.keys(Object.prototype)).toEqual([])
      }),
      { numRuns: 300 },
    )
  })

  it('returns the very same node, a boolean, or a schema object with no $ref left', () => {
    fc.assert(
      fc.property(json, schema, (root, input) => {
        const result = resolveLocalSchemaRef(root, input)
        if (result === input) return
        expect(
          typeof result === 'boolean' || (typeof result === 'object' && result !== null && !Array.isArray(result)),
        ).toBe(true)
        expect(hasOwnStringRef(result)).toBe(false)
      }),
      { numRuns: 300 },
    )
  })

  it('is idempotent: resolving a result again gives it back', () => {
    fc.assert(
      fc.property(json, schema, (root, input) => {
        const result = resolveLocalSchemaRef(root, input)
        expect(resolveLocalSchemaRef(root, result)).toBe(result)
      }),
      { numRuns: 200 },
    )
  })

  it('resolveOnPath from an empty path agrees with resolve', () => {
    fc.assert(
      fc.property(json, schema, (root, input) => {
        const resolver = createRefResolver(root)
        expect(resolver.resolveOnPath(input, undefined)?.schema).toBe(resolver.resolve(input))
      }),
      { numRuns: 200 },
    )
  })

  it('gives the same answer from a fresh resolver as from a warm cache', () => {
    fc.assert(
      fc.property(json, fc.array(refNode, { minLength: 1, maxLength: 5 }), (root, inputs) => {
        const warm = createRefResolver(root)
        const first = inputs.map((input) => warm.resolve(input))
        const again = inputs.map((input) => warm.resolve(input))
        inputs.forEach((input, index) => {
          expect(again[index]).toBe(first[index])
          expect(resolveLocalSchemaRef(structuredClone(root), input)).toEqual(first[index])
        })
      }),
      { numRuns: 200 },
    )
  })
})

describe('the generators', () => {
  it('produce resolved refs, refs left as they are and boolean targets, so the laws above are not vacuous', () => {
    const outcomes = { resolved: 0, unchanged: 0, boolean: 0 }
    for (const [root, input] of fc.sample(fc.tuple(json, refNode), { numRuns: 1000, seed: 42 })) {
      const result = resolveLocalSchemaRef(root, input)
      if (result === input) outcomes.unchanged++
      else if (typeof result === 'boolean') outcomes.boolean++
      else outcomes.resolved++
    }
    expect(outcomes.resolved).toBeGreaterThan(100)
    expect(outcomes.unchanged).toBeGreaterThan(20)
    expect(outcomes.boolean).toBeGreaterThan(0)
  })
})
