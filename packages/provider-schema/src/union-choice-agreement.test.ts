// @x/arg-coerce and @x/key-unmap must take the same branch of a union:
// key-unmap restores names under the branch whose coercion it receives.
// Both choose with @x/schema-ref's selectObjectBranch / selectArrayBranch;
// these tests watch the two choices from outside, on values arg-coerce
// leaves unchanged (what key-unmap receives after coercion).
//
// How a choice is seen: every branch declares, through patternProperties, a
// `probe` key whose schema is untyped (only `properties`), so the JSON text
// sent there fits every branch alike and does not sway either choice; with
// `parseUntypedJson` arg-coerce parses it under the branch it chose. Branch
// i's probe schema coerces its own `b<i>` to an integer (arg-coerce's
// choice: which `b<i>` became a number) and declares its own spelling of
// `p_` (key-unmap's choice: which name `p_` came back as). The parsed probe
// is an object at an untyped position, which fits every branch alike too.
//
// The branches also differ by `patternProperties` (keys starting with `x`)
// and `additionalProperties`, at their own level and in nested objects:
// "already has its types" reads the keys these reach, in both packages.
import { coerceToolArgs } from '@x/arg-coerce'
import { sanitizeToolSchema, unmapArgKeys } from '@x/key-unmap'
import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mongodbExport } from '../../key-unmap/src/fixtures/mongodb-export.js'

type Json = Record<string, unknown>

/** Characters that all become `_`: branch i spells `p_` as `p` + SPELLINGS[i]. */
const SPELLINGS = [' ', '!', '#', '%', '&', '*']
const BRANCHES = 4

const probeSchema = (branch: number): Json => ({
  properties: { [`b${branch}`]: { type: 'integer' }, [`p${SPELLINGS[branch]}`]: {} },
})
const probeText = JSON.stringify({
  ...Object.fromEntries(Array.from({ length: BRANCHES }, (_, i) => [`b${i}`, '1'])),
  p_: 0,
})

/** Which branch arg-coerce coerced a probe by (-1: none). */
function coercedBy(probe: unknown): number {
  if (typeof probe !== 'object' || probe === null) return -1
  const numbers = Object.entries(probe).filter(([key, value]) => key.startsWith('b') && typeof value === 'number')
  return numbers.length === 1 ? Number(numbers[0]![0].slice(1)) : -1
}

/** Which branch key-unmap restored a probe under (-1: none). */
function restoredBy(probe: unknown): number {
  if (typeof probe !== 'object' || probe === null) return -1
  const spelled = Object.keys(probe).filter((key) => key.startsWith('p'))
  return spelled.length === 1 ? SPELLINGS.indexOf(spelled[0]!.slice(1)) : -1
}

const options = { parseUntypedJson: true }

const scalarType = fc.constantFrom('integer', 'number', 'string', 'boolean', 'null')
const propertySchema = fc.oneof(
  scalarType.map((type) => ({ type })),
  scalarType.map((type) => ({ type: [type, 'null'] })),
  scalarType.map((type) => ({ type: 'object', properties: { v: { type } } })),
  scalarType.map((type) => ({ type: 'object', properties: { v: { type } }, required: ['v'] })),
  scalarType.map((type) => ({ type: 'object', additionalProperties: { type } })),
  scalarType.map((type) => ({ type: 'object', patternProperties: { '^x': { type } } })),
  scalarType.map((type) => ({ type: 'array', items: { type } })),
  fc.constantFrom('x', 'y', 1).map((value) => ({ const: value })),
)
/**
 * What a branch says of the keys it does not declare: nothing, a pattern for
 * `x…` keys, a pattern both packages refuse to run (which keys it covers is
 * unknown), additionalProperties, or `false`.
 */
const restOfBranch: fc.Arbitrary<{ pattern?: Json; additionalProperties?: Json | false }> = fc.oneof(
  fc.constant({}),
  fc.constant({ additionalProperties: false as const }),
  scalarType.map((type) => ({ pattern: { '^x': { type } } })),
  scalarType.map((type) => ({ pattern: { '^(x+)+$': { type } } })),
  scalarType.map((type) => ({ additionalProperties: { type } })),
)
// Names from a small pool so that branches overlap; `a b` / `a!b` / `a#b`
// all spell `a_b`, so a restored name says which branch it came from.
const propertyName = fc.constantFrom('k', 'kind', 'n', 'a b', 'a!b', 'a#b', 'first name')
const objectBranch = (index: number) =>
  fc
    .record({
      properties: fc.dictionary(propertyName, propertySchema, { maxKeys: 4 }),
      tag: fc.option(fc.constantFrom('x', 'y', 'z'), { nil: undefined }),
      requiredCount: fc.nat({ max: 3 }),
      rest: restOfBranch,
    })
    .map(({ properties, tag, requiredCount, rest }) => {
      const all: Json = tag === undefined ? properties : { ...properties, kind: { const: tag } }
      return {
        type: 'object',
        properties: all,
        required: Object.keys(all).slice(0, requiredCount),
        patternProperties: { '^probe$': probeSchema(index), ...rest.pattern },
        ...(rest.additionalProperties === undefined ? {} : { additionalProperties: rest.additionalProperties }),
      }
    })
const objectUnion = fc
  .record({
    keyword: fc.constantFrom('anyOf', 'oneOf'),
    branches: fc.tuple(...Array.from({ length: BRANCHES }, (_, index) => objectBranch(index))),
    count: fc.integer({ min: 2, max: BRANCHES }),
    nullable: fc.boolean(),
  })
  .map(({ keyword, branches, count, nullable }) =>
    deepFreeze({
      type: 'object',
      properties: {
        u: { [keyword]: [...branches.slice(0, count), ...(nullable ? [{ type: 'null' }] : [])] },
      },
    }),
  )

const sentValue = fc.constantFrom<unknown>(
  1,
  1.5,
  'x',
  'y',
  'z',
  '5',
  true,
  null,
  { v: 1 },
  { v: 'x' },
  { x: 1 },
  { x1: 'x', v: true },
  [1],
  ['x'],
  [true],
)
const sentKey = fc.constantFrom('k', 'kind', 'n', 'a_b', 'first_name', 'x', 'x2', 'other')
const sentObject = fc.dictionary(sentKey, sentValue, { minKeys: 1, maxKeys: 4 })

describe('arg-coerce and key-unmap choose the same object branch', () => {
  it('on values arg-coerce leaves unchanged, for generated unions (fast-check)', () => {
    fc.assert(
      fc.property(objectUnion, sentObject, (schema, value) => {
        const sent = sanitizeToolSchema(schema)
        const args = deepFreeze({ u: value })
        fc.pre(coerceToolArgs(sent, args, options) === args)
        const coerced = coerceToolArgs(sent, deepFreeze({ u: { ...value, probe: probeText } }), options) as { u: Json }
        const coercedBranch = coercedBy(coerced.u.probe)
        fc.pre(coercedBranch !== -1)
        const restored = unmapArgKeys(schema, deepFreeze(coerced)) as { u: Json }
        expect(restoredBy(restored.u.probe)).toBe(coercedBranch)
      }),
      { numRuns: 300 },
    )
  })

  it('on the MongoDB export tool: both take the aggregate branch, `$vectorSearch` comes back', () => {
    const stage = { index: 'v', path: 'embedding', queryVector: [0.5], limit: 5 }
    const sent = deepFreeze({
      database: 'db',
      collection: 'c',
      exportTitle: 't',
      exportTarget: [{ name: 'aggregate', arguments: { pipeline: [{ _vectorSearch: stage }] } }],
    })
    const coerced = coerceToolArgs(sanitizeToolSchema(mongodbExport), sent)
    expect(coerced).toBe(sent)
    expect(unmapArgKeys(mongodbExport, coerced)).toEqual({
      ...sent,
      exportTarget: [{ name: 'aggregate', arguments: { pipeline: [{ $vectorSearch: stage }] } }],
    })
  })
})

// Discriminated unions: the branches are `$ref`s (into `$defs`, or
// zod-to-json-schema style into a renamed property), an OpenAPI
// discriminator maps tags to those refs, and its `propertyName` may itself be
// renamed. The sanitized schema must keep the mapping naming the same
// branches, so both packages still agree and the mapping still decides.
const HOLDER = 'the branches'
const branchRef = (placement: 'defs' | 'pointer', index: number): string =>
  placement === 'defs' ? `#/$defs/Pet%20${index}` : `#/properties/${HOLDER}/anyOf/${index}`
const mappingTarget = (placement: 'defs' | 'pointer', count: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.nat({ max: count - 1 }).map((index) => branchRef(placement, index)) },
    // Bad data beside the good: a value that names no branch, or is not a string.
    { weight: 1, arbitrary: fc.constantFrom<unknown>('#/properties/missing pet', 'Pet', 7, null) },
  )
const discriminatedUnion = fc
  .record({
    placement: fc.constantFrom<'defs' | 'pointer'>('defs', 'pointer'),
    branches: fc.tuple(...Array.from({ length: BRANCHES }, (_, index) => objectBranch(index))),
    count: fc.integer({ min: 2, max: BRANCHES }),
    propertyName: fc.constantFrom('kind', 'k', 'a b', 'first name'),
  })
  .chain(({ placement, branches, count, propertyName }) =>
    fc
      .dictionary(fc.constantFrom('x', 'y', 'z', '__proto__'), mappingTarget(placement, count), { maxKeys: 4 })
      .map((mapping) => {
        const used = branches.slice(0, count)
        const union = {
          oneOf: used.map((_, index) => ({ $ref: branchRef(placement, index) })),
          discriminator: { propertyName, mapping },
        }
        return deepFreeze(
          placement === 'defs'
            ? {
                $defs: Object.fromEntries(used.map((branch, index) => [`Pet ${index}`, branch])),
                type: 'object',
                properties: { u: union },
              }
            : { type: 'object', properties: { [HOLDER]: { anyOf: used }, u: union } },
        )
      }),
  )
const taggedObject = fc.record({
  tag: fc.constantFrom('x', 'y', 'z', '__proto__'),
  rest: sentObject,
})

/** The branch the discriminator names for `value` on the original schema, read with the sanitized spelling of its tag. */
function mappedBranch(schema: Json, value: Json): number {
  const { propertyName, mapping } = (schema as { properties: { u: { discriminator: Json } } }).properties.u
    .discriminator as { propertyName: string; mapping: Json }
  const tag = value[propertyName.replace(' ', '_')]
  if (typeof tag !== 'string' || !Object.hasOwn(mapping, tag)) return -1
  const target = mapping[tag]
  const refs = (schema as { properties: { u: { oneOf: Array<{ $ref: string }> } } }).properties.u.oneOf.map(
    (branch) => branch.$ref,
  )
  return typeof target === 'string' ? refs.indexOf(target) : -1
}

describe('arg-coerce and key-unmap choose the branch a discriminator mapping names', () => {
  it('on sanitized schemas whose refs and tag property are renamed (fast-check)', () => {
    fc.assert(
      fc.property(discriminatedUnion, taggedObject, (schema, { tag, rest }) => {
        const sent = sanitizeToolSchema(schema)
        const propertyName = (schema.properties.u as { discriminator: { propertyName: string } }).discriminator
          .propertyName
        const value: Json = { ...rest }
        Object.defineProperty(value, propertyName.replace(' ', '_'), { value: tag, enumerable: true })
        const args = deepFreeze({ u: value })
        fc.pre(coerceToolArgs(sent, args, options) === args)
        const coerced = coerceToolArgs(sent, deepFreeze({ u: { ...value, probe: probeText } }), options) as { u: Json }
        const coercedBranch = coercedBy(coerced.u.probe)
        fc.pre(coercedBranch !== -1)
        const mapped = mappedBranch(schema, value)
        if (mapped !== -1) expect(coercedBranch).toBe(mapped)
        const restored = unmapArgKeys(schema, deepFreeze(coerced)) as { u: Json }
        expect(restoredBy(restored.u.probe)).toBe(coercedBranch)
      }),
      { numRuns: 300 },
    )
  })
})

// Array branches: arrays of depth 1 to 3 whose leaves are objects with a
// property of a type of their own (and a rest: a pattern or additional
// properties, which an `x` key of a leaf reaches) and required names (their
// property, the `x` a leaf may carry, an `r` none carries); the leaves carry
// the probe.
const leafType = fc.constantFrom('integer', 'string', 'boolean')
const nest = (depth: number, leaf: Json): Json => (depth === 0 ? leaf : { type: 'array', items: nest(depth - 1, leaf) })
const arrayBranch = (index: number) =>
  fc
    .record({
      depth: fc.integer({ min: 1, max: 3 }),
      type: leafType,
      rest: restOfBranch,
      required: fc.subarray([`c${SPELLINGS[index]}`, 'x', 'r'], { maxLength: 2 }),
    })
    .map(({ depth, type, rest, required }) =>
      nest(depth, {
        type: 'object',
        properties: { [`c${SPELLINGS[index]}`]: { type } },
        required,
        patternProperties: { '^probe$': probeSchema(index), ...rest.pattern },
        ...(rest.additionalProperties === undefined ? {} : { additionalProperties: rest.additionalProperties }),
      }),
    )
const arrayUnion = fc
  .record({
    branches: fc.tuple(...Array.from({ length: BRANCHES }, (_, index) => arrayBranch(index))),
    count: fc.integer({ min: 2, max: BRANCHES }),
  })
  .map(({ branches, count }) => deepFreeze({ type: 'object', properties: { u: { anyOf: branches.slice(0, count) } } }))
const leafValue = fc.constantFrom<unknown>(1, 'x', true)
const arrayValue = fc.record({
  depth: fc.integer({ min: 1, max: 3 }),
  leaves: fc.array(fc.record({ c: leafValue, x: fc.option(leafValue, { nil: undefined }) }), {
    minLength: 1,
    maxLength: 2,
  }),
})

function nestValue(depth: number, leaves: readonly Json[]): unknown {
  let value: unknown = leaves
  for (let level = 1; level < depth; level++) value = [value]
  return value
}
function firstLeaf(value: unknown): Json | undefined {
  let node = value
  while (Array.isArray(node)) node = node[0]
  return typeof node === 'object' && node !== null ? (node as Json) : undefined
}

describe('arg-coerce and key-unmap choose the same array branch', () => {
  it('on values arg-coerce leaves unchanged, for unions of arrays of different depth and item types (fast-check)', () => {
    fc.assert(
      fc.property(arrayUnion, arrayValue, (schema, { depth, leaves }) => {
        const sent = sanitizeToolSchema(schema)
        const args = deepFreeze({
          u: nestValue(
            depth,
            leaves.map(({ c, x }) => ({ c_: c, ...(x === undefined ? {} : { x }) })),
          ),
        })
        fc.pre(coerceToolArgs(sent, args, options) === args)
        const probed = deepFreeze({
          u: nestValue(
            depth,
            leaves.map(({ c, x }) => ({ c_: c, ...(x === undefined ? {} : { x }), probe: probeText })),
          ),
        })
        const coerced = coerceToolArgs(sent, probed, options) as { u: unknown }
        const coercedBranch = coercedBy(firstLeaf(coerced.u)?.['probe'])
        fc.pre(coercedBranch !== -1)
        const restored = unmapArgKeys(schema, deepFreeze(coerced)) as { u: unknown }
        const leaf = firstLeaf(restored.u)!
        expect(restoredBy(leaf['probe'])).toBe(coercedBranch)
        expect(Object.keys(leaf)[0]).toBe(`c${SPELLINGS[coercedBranch]}`)
      }),
      { numRuns: 300 },
    )
  })
})
