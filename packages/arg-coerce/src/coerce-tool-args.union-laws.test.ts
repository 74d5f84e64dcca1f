// Laws over random unions (fast-check): coercing is idempotent, and a value
// the schema already admits (ajv) comes back as the very same value.
import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coerceToolArgs } from './coerce-tool-args.js'
import { validatorFor } from './test-support/check.js'

const runs = (normal: number): number => Number(process.env['ARG_COERCE_RUNS'] ?? normal)

const leaf = fc.constantFrom<unknown>(
  { type: 'integer' },
  { type: 'number' },
  { type: 'string' },
  { type: 'boolean' },
  { type: 'null' },
  { type: ['integer', 'null'] },
  { const: 5 },
  { const: 'a' },
  { const: true },
  { enum: [1, 2] },
  { type: 'array', items: { type: 'integer' } },
  { type: 'array', items: { type: 'string' } },
  { type: 'array', items: { type: 'array', items: { type: 'number' } } },
  { type: 'object', properties: { k: { type: 'integer' } } },
)
const keys = ['k', 'm', 'n'] as const
const objectBranch = fc
  .tuple(fc.dictionary(fc.constantFrom(...keys), leaf, { maxKeys: 3 }), fc.subarray([...keys]))
  .map(([properties, required]) => ({
    type: 'object',
    properties,
    required: required.filter((key) => key in properties),
  }))
const unionOf = (branch: fc.Arbitrary<unknown>): fc.Arbitrary<object> =>
  fc
    .array(fc.oneof({ arbitrary: branch, weight: 3 }, { arbitrary: leaf, weight: 2 }), { minLength: 2, maxLength: 4 })
    .chain((branches) => fc.constantFrom({ anyOf: branches }, { oneOf: branches }))
    .map((property) => deepFreeze({ type: 'object', properties: { v: property } }))
const schema = unionOf(objectBranch)
// An open object branch admits any object, so an object it "admits" is
// still coerced by the branch that declares its keys (rule 8's fit, on
// purpose); with closed branches admitting means declaring.
const closeObjects = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(closeObjects)
  if (typeof node !== 'object' || node === null) return node
  const closed = Object.fromEntries(
    Object.entries(node).map(([key, child]) => [
      key,
      key === 'properties'
        ? Object.fromEntries(Object.entries(child as object).map(([name, property]) => [name, closeObjects(property)]))
        : closeObjects(child),
    ]),
  )
  return (node as { type?: unknown }).type === 'object' ? { ...closed, additionalProperties: false } : closed
}
// A fixed pool of schemas (one ajv compile each), random values against them.
const closedSchemas = fc
  .sample(schema, { numRuns: 60, seed: 15 })
  .map((tool) => deepFreeze({ type: 'object', properties: closeObjects((tool as { properties: unknown }).properties) }))
const closedSchema = fc.constantFrom(...closedSchemas)

const scalar = fc.constantFrom<unknown>(
  '5',
  '7',
  ' 5 ',
  '1.5',
  'true',
  'null',
  'a',
  '',
  '[1]',
  '["1", "2"]',
  '[["1", "2"]]',
  '{"k": "5"}',
  5,
  7,
  1.5,
  true,
  false,
  null,
)
const item = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.array(fc.array(scalar, { maxLength: 2 }), { maxLength: 2 }),
)
const value = fc.oneof(item, fc.dictionary(fc.constantFrom(...keys), item, { maxKeys: 3 }))
const args = value.map((sent) => deepFreeze({ v: sent }))

describe('const-tagged unions reach the fixpoint in one call', () => {
  const plain = { type: 'object', properties: { k: { type: 'integer' }, m: { type: 'string' } } }
  const tagged = { type: 'object', properties: { k: { const: 5 }, m: { type: 'integer' } } }

  it.each([
    ['the tag as a string', { k: '5', m: '7' }, { k: 5, m: 7 }],
    // Valid for the untagged branch as it is, so left alone (in either order).
    ['the tag already coerced, the rest valid for the other branch', { k: 5, m: '7' }, { k: 5, m: '7' }],
  ])('%s', (_title, sent, expected) => {
    for (const branches of [
      [plain, tagged],
      [tagged, plain],
    ]) {
      const tool = deepFreeze({ type: 'object', properties: { v: { anyOf: branches } } })
      const once = coerceToolArgs(tool, deepFreeze({ v: sent }))
      expect(once).toEqual({ v: expected })
      expect(coerceToolArgs(tool, once)).toBe(once)
    }
  })

  it('a tag no branch carries leaves the choice to fit, and that is a fixpoint too', () => {
    const tool = deepFreeze({ type: 'object', properties: { v: { anyOf: [plain, tagged] } } })
    const once = coerceToolArgs(tool, deepFreeze({ v: { k: '6', m: '7' } }))
    expect(once).toEqual({ v: { k: 6, m: '7' } })
    expect(coerceToolArgs(tool, once)).toBe(once)
  })
})

describe('laws over unions', () => {
  it('coercing twice equals coercing once: the output is a fixpoint', () => {
    fc.assert(
      fc.property(schema, args, (tool, sent) => {
        const once = coerceToolArgs(tool, sent)
        expect(coerceToolArgs(tool, once)).toBe(once)
      }),
      { numRuns: runs(1000) },
    )
  })

  it('a value the schema already admits (ajv) comes back as the very same value', () => {
    fc.assert(
      fc.property(closedSchema, args, (tool, sent) => {
        fc.pre(validatorFor(tool)(sent) === true)
        expect(coerceToolArgs(tool, sent)).toBe(sent)
      }),
      { numRuns: runs(500) },
    )
  })
})
