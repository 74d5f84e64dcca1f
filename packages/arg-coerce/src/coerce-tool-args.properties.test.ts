import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coerceToolArgs } from './coerce-tool-args.js'
import { coerceToolArgsWithPatch } from './coerce-tool-args-with-patch.js'
import { applyReportedPatch, jsonClone, validatorFor } from './test-support/check.js'

// ARG_COERCE_RUNS=20000 for a longer hunt; the suite itself stays fast.
const runs = (normal: number): number => Number(process.env['ARG_COERCE_RUNS'] ?? normal)

const schema = deepFreeze({
  type: 'object',
  $defs: {
    Item: {
      type: 'object',
      properties: { sku: { type: 'string' }, qty: { type: 'integer' }, price: { type: 'number' } },
      required: ['sku', 'qty'],
    },
    Flag: { type: 'boolean' },
    Node: {
      type: 'object',
      properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
      required: ['value'],
    },
    Cat: {
      type: 'object',
      properties: { kind: { const: 'cat' }, lives: { type: 'integer' } },
      required: ['kind', 'lives'],
    },
    Dog: {
      type: 'object',
      properties: { kind: { const: 'dog' }, good: { type: 'boolean' } },
      required: ['kind', 'good'],
    },
  },
  properties: {
    count: { type: 'integer' },
    ratio: { type: 'number' },
    verbose: { $ref: '#/$defs/Flag', description: 'Print more' },
    note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    limit: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    items: { type: 'array', items: { $ref: '#/$defs/Item' } },
    filters: {
      anyOf: [
        {
          type: 'object',
          properties: { labels: { type: 'array', items: { type: 'string' } }, min: { type: 'integer' } },
        },
        { type: 'null' },
      ],
    },
    pet: {
      oneOf: [{ $ref: '#/$defs/Cat' }, { $ref: '#/$defs/Dog' }],
      discriminator: { propertyName: 'kind', mapping: { cat: '#/$defs/Cat', dog: '#/$defs/Dog' } },
    },
    tree: { $ref: '#/$defs/Node' },
  },
  required: ['count', 'pet'],
})

// How a model garbles each position, mirroring the schema above.
type Kind =
  | { t: 'int' | 'num' | 'bool' | 'str' | 'nullableInt' | 'nullableStr' }
  | { t: 'obj'; props: Record<string, Kind>; nullable?: boolean }
  | { t: 'arr'; item: Kind }
const int: Kind = { t: 'int' }
const node: Kind = { t: 'obj', props: { value: int } }
;(node as { props: Record<string, Kind> }).props['children'] = { t: 'arr', item: node }
const item: Kind = { t: 'obj', props: { sku: { t: 'str' }, qty: int, price: { t: 'num' } } }
const kinds: Kind = {
  t: 'obj',
  props: {
    count: int,
    ratio: { t: 'num' },
    verbose: { t: 'bool' },
    note: { t: 'nullableStr' },
    limit: { t: 'nullableInt' },
    items: { t: 'arr', item },
    filters: { t: 'obj', nullable: true, props: { labels: { t: 'arr', item: { t: 'str' } }, min: int } },
    pet: { t: 'obj', props: { kind: { t: 'str' }, lives: int, good: { t: 'bool' } } },
    tree: node,
  },
}

const small = fc.integer({ min: -1_000_000, max: 1_000_000 })
const fraction = fc
  .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
  .map((value) => (Object.is(value, -0) ? 0 : value))
const itemValue = fc.record({ sku: fc.string(), qty: small, price: fraction }, { requiredKeys: ['sku', 'qty'] })
const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.record(
    { value: small, children: fc.array(tie('tree'), { maxLength: 2, depthIdentifier: 'tree' }) },
    { requiredKeys: ['value'] },
  ),
}))
const validArgs = fc.record(
  {
    count: small,
    ratio: fraction,
    verbose: fc.boolean(),
    note: fc.option(fc.string(), { nil: null }),
    limit: fc.option(small, { nil: null }),
    items: fc.array(itemValue, { maxLength: 3 }),
    filters: fc.option(
      fc.record({ labels: fc.array(fc.string(), { maxLength: 3 }), min: small }, { requiredKeys: [] }),
      { nil: null },
    ),
    pet: fc.oneof(
      fc.record({ kind: fc.constant('cat'), lives: small }),
      fc.record({ kind: fc.constant('dog'), good: fc.boolean() }),
    ),
    tree,
  },
  { requiredKeys: ['count', 'pet'] },
)

function garble(value: unknown, kind: Kind, random: () => number): unknown {
  const coin = (p: number): boolean => random() < p
  switch (kind.t) {
    case 'int':
    case 'num':
      return coin(0.5)
        ? [String(value), ` ${String(value)} `, (value as number) >= 0 ? `+${String(value)}` : String(value)][
            Math.floor(random() * 3)
          ]
        : value
    case 'bool':
      return coin(0.5)
        ? [String(value), String(value).toUpperCase(), ` ${String(value)}\n`][Math.floor(random() * 3)]
        : value
    case 'nullableInt':
      return value === null ? (coin(0.5) ? 'NULL' : null) : garble(value, int, random)
    case 'str':
    case 'nullableStr':
      return value // a string, or null beside a string branch, is ambiguous: left as sent
    case 'arr': {
      const items = (value as unknown[]).map((entry) => garble(entry, kind.item, random))
      if (coin(0.3)) return JSON.stringify(items)
      // A lone number or object for a one-item array (rule 6 takes it back).
      if (items.length === 1 && kind.item.t !== 'str' && typeof items[0] !== 'string' && coin(0.3)) return items[0]
      return items
    }
    case 'obj': {
      if (value === null) return kind.nullable && coin(0.5) ? 'null' : null
      const record = value as Record<string, unknown>
      const out: Record<string, unknown> = {}
      for (const key of Object.keys(record))
        out[key] = Object.hasOwn(kind.props, key) ? garble(record[key], kind.props[key]!, random) : record[key]
      return coin(0.3) ? JSON.stringify(out) : out
    }
  }
}

function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
}

const { node: schemaNode } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      { type: 'integer' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'string' },
      { type: 'null' },
      { type: ['integer', 'null'] },
      {},
      { $ref: '#' },
    ),
    fc.record({ type: fc.constant('array'), items: tie('node') }),
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node')),
        additionalProperties: tie('node'),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
  ),
}))

describe('laws (fast-check)', () => {
  it('a decimal string becomes exactly the double Number() reads from it', () => {
    const decimal = fc.stringMatching(/^-?(0|[1-9][0-9]{0,15})(\.[0-9]{1,12})?$/)
    fc.assert(
      fc.property(decimal, (text) => {
        const value = Number(text)
        const expected = Number.isInteger(value) && Math.abs(value) > Number.MAX_SAFE_INTEGER ? text : value
        expect(Object.is(coerceToolArgs({ type: 'number' }, text), expected)).toBe(true)
      }),
      { numRuns: runs(300) },
    )
  })

  it('String(number) round-trips through a number position', () => {
    const finite = fc
      .double({ noNaN: true, noDefaultInfinity: true })
      .filter((value) => !(Number.isInteger(value) && Math.abs(value) > Number.MAX_SAFE_INTEGER))
    fc.assert(
      fc.property(finite, (value) => {
        expect(Object.is(coerceToolArgs({ type: 'number' }, String(value)), Object.is(value, -0) ? 0 : value)).toBe(
          true,
        )
      }),
      { numRuns: runs(300) },
    )
  })

  it('recovery: a valid value with leaves and sub-objects stringified the way models do comes back exactly', () => {
    fc.assert(
      fc.property(validArgs, fc.integer(), (original, seed) => {
        expect(validatorFor(schema)(original)).toBe(true)
        const sent = deepFreeze(garble(original, kinds, seeded(seed)))
        expect(coerceToolArgs(schema, sent)).toEqual(original)
      }),
      { numRuns: runs(300) },
    )
  })

  it('never throws, never mutates, is idempotent, and its patch rebuilds the output (rich schema, any JSON)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          validArgs.map((args) => garble(args, kinds, seeded(7))),
        ),
        (args) => {
          const before = jsonClone(args)
          deepFreeze(args)
          const { args: output, patch } = coerceToolArgsWithPatch(schema, args)
          expect(args).toEqual(before)
          expect(coerceToolArgs(schema, output)).toBe(output)
          expect(applyReportedPatch(args, patch)).toEqual(output)
        },
      ),
      { numRuns: runs(200) },
    )
  })

  // A structure parsed from JSON text is coerced in place (nothing else holds
  // it): it must come out as the same structure sent parsed, which is copied.
  it('JSON text that is parsed comes out as the structure sent already parsed', () => {
    const structure = fc
      .oneof(fc.array(fc.jsonValue({ maxDepth: 3 })), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })))
      .map((value) => JSON.parse(JSON.stringify(value)) as unknown) // what JSON text keeps (-0 becomes 0)
    fc.assert(
      fc.property(schemaNode, structure, (randomSchema, value) => {
        const root = deepFreeze(randomSchema as object)
        const fromText = coerceToolArgs(root, JSON.stringify(value))
        // Kept as text, or wrapped into an array (rule 6): not parsed.
        if (typeof fromText !== 'object' || fromText === null || Array.isArray(fromText) !== Array.isArray(value))
          return
        expect(fromText).toEqual(coerceToolArgs(root, deepFreeze(jsonClone(value))))
      }),
      { numRuns: runs(300) },
    )
  })

  it('never throws, never mutates and is idempotent for random schemas and values', () => {
    fc.assert(
      fc.property(schemaNode, fc.jsonValue({ maxDepth: 4 }), (randomSchema, args) => {
        const root = deepFreeze(randomSchema as object)
        const before = jsonClone(args)
        deepFreeze(args)
        const output = coerceToolArgs(root, args)
        expect(args).toEqual(before)
        expect(coerceToolArgs(root, output)).toBe(output)
      }),
      { numRuns: runs(300) },
    )
  })
})
