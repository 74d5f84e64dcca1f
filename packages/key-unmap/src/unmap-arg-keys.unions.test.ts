// Which union branch a renamed key is restored under: the one @x/arg-coerce
// coerced the value by (both choose with @x/schema-ref's selectObjectBranch
// and selectArrayBranch), not the one whose names match most keys.
import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { mongodbExport } from './fixtures/mongodb-export.js'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import { unmapArgKeys } from './unmap-arg-keys.js'

type Json = Record<string, unknown>
const object = (properties: Json, extra: Json = {}): Json => ({ type: 'object', properties, ...extra })
const arrayOf = (items: Json): Json => ({ type: 'array', items })

describe('unmapArgKeys: a discriminated union whose branches all declare the same keys (MongoDB export)', () => {
  const stage = { _vectorSearch: { index: 'v', path: 'embedding', queryVector: [0.1, 0.2], limit: 5 } }

  it('sends `$vectorSearch` as `_vectorSearch` to the model', () => {
    const sent = JSON.stringify(sanitizeToolSchema(mongodbExport))
    expect(sent).toContain('"_vectorSearch"')
    expect(sent).not.toContain('"$vectorSearch"')
  })

  it('restores `$vectorSearch` under the branch the `name` const names (aggregate, the second)', () => {
    const args = deepFreeze({
      database: 'db',
      collection: 'c',
      exportTitle: 't',
      exportTarget: [{ name: 'aggregate', arguments: { pipeline: [stage, { $limit: 3 }] } }],
    })
    const restored = unmapArgKeys(mongodbExport, args) as { exportTarget: Array<{ arguments: { pipeline: Json[] } }> }
    expect(restored.exportTarget[0]!.arguments.pipeline).toEqual([
      { $vectorSearch: stage._vectorSearch },
      { $limit: 3 },
    ])
  })

  it('leaves a find target, which declares no such key, as it came', () => {
    const args = deepFreeze({
      database: 'db',
      collection: 'c',
      exportTitle: 't',
      exportTarget: [{ name: 'find', arguments: { filter: { _vectorSearch: 1 } } }],
    })
    expect(unmapArgKeys(mongodbExport, args)).toBe(args)
  })
})

describe('unmapArgKeys: object branches, in the order of selectObjectBranch', () => {
  it.each(
    deepFreeze([
      {
        rule: 'two branches cover the keys: the one whose property types the value already has',
        schema: {
          anyOf: [object({ k: { type: 'integer' }, 'a b': {} }), object({ k: { type: 'string' }, 'a!b': {} })],
        },
        args: { k: 'x', a_b: 1 },
        expected: { k: 'x', 'a!b': 1 },
      },
      {
        rule: 'the same union, a value of the first branch types',
        schema: {
          anyOf: [object({ k: { type: 'integer' }, 'a b': {} }), object({ k: { type: 'string' }, 'a!b': {} })],
        },
        args: { k: 5, a_b: 1 },
        expected: { k: 5, 'a b': 1 },
      },
      {
        rule: 'types are checked inside declared objects and arrays too',
        schema: {
          oneOf: [
            object({ v: arrayOf({ type: 'integer' }), 'a b': {} }),
            object({ v: arrayOf({ type: 'string' }), 'a!b': {} }),
          ],
        },
        args: { v: ['1'], a_b: 1 },
        expected: { v: ['1'], 'a!b': 1 },
      },
      {
        rule: 'a branch whose required name is missing is not complete',
        schema: { anyOf: [object({ 'a b': {}, x: {} }, { required: ['x'] }), object({ 'a!b': {} })] },
        args: { a_b: 1 },
        expected: { 'a!b': 1 },
      },
      {
        rule: 'a required name counts under its renamed form',
        schema: { anyOf: [object({ 'a b': {}, 'x y': {} }, { required: ['x y'] }), object({ 'a!b': {} })] },
        args: { a_b: 1, x_y: 2 },
        expected: { 'a b': 1, 'x y': 2 },
      },
      {
        rule: 'a const tag names its branch when no branch covers the keys',
        schema: {
          anyOf: [object({ kind: { const: 'p' }, 'first name': {} }), object({ kind: { const: 'o' }, 'org name': {} })],
        },
        args: { kind: 'o', first_name: 'x', extra: 1 },
        expected: { kind: 'o', first_name: 'x', extra: 1 },
      },
      {
        rule: 'a one-value enum is a tag too',
        schema: {
          anyOf: [object({ kind: { enum: ['p'] }, 'a b': {} }), object({ kind: { enum: ['o'] }, 'a!b': {} })],
        },
        args: { kind: 'o', a_b: 1 },
        expected: { kind: 'o', 'a!b': 1 },
      },
      {
        rule: 'a discriminator mapping chooses the branch its $ref names',
        schema: {
          $defs: { A: object({ kind: {}, 'a b': {} }), B: object({ kind: {}, 'a!b': {} }) },
          oneOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/B' }],
          discriminator: { propertyName: 'kind', mapping: { b: '#/$defs/B' } },
        },
        args: { kind: 'b', a_b: 1 },
        expected: { kind: 'b', 'a!b': 1 },
      },
      {
        rule: 'the branches of a union inside a branch are alternatives of their own',
        schema: {
          anyOf: [
            object(
              { 'a b': {} },
              { anyOf: [object({ x: { type: 'integer' } }), object({ x: { type: 'string' }, 'a!b': {} })] },
            ),
          ],
        },
        args: { x: 's', a_b: 1 },
        expected: { x: 's', 'a b': 1 },
      },
    ]),
  )('$rule', ({ schema, args, expected }) => {
    expect(unmapArgKeys(schema, args)).toEqual(expected)
  })

  it('restores each object of an array under its own branch', () => {
    const schema = deepFreeze(
      arrayOf({ anyOf: [object({ t: { const: 1 }, 'a b': {} }), object({ t: { const: 2 }, 'a!b': {} })] }),
    )
    expect(
      unmapArgKeys(
        schema,
        deepFreeze([
          { t: 2, a_b: 1 },
          { t: 1, a_b: 2 },
          { t: 2, a_b: 3 },
        ]),
      ),
    ).toEqual([
      { t: 2, 'a!b': 1 },
      { t: 1, 'a b': 2 },
      { t: 2, 'a!b': 3 },
    ])
  })

  it('keeps choosing by the value once a key order has been seen under another branch', () => {
    const schema = deepFreeze({
      anyOf: [object({ k: { type: 'integer' }, 'a b': {} }), object({ k: { type: 'string' }, 'a!b': {} })],
    })
    for (let round = 0; round < 4; round++) {
      expect(unmapArgKeys(schema, deepFreeze({ k: 1, a_b: round }))).toEqual({ k: 1, 'a b': round })
      expect(unmapArgKeys(schema, deepFreeze({ k: 's', a_b: round }))).toEqual({ k: 's', 'a!b': round })
    }
  })
})

describe('unmapArgKeys: array branches, in the order of selectArrayBranch', () => {
  it.each(
    deepFreeze([
      {
        rule: 'a deeper array goes to the branch of its depth',
        schema: { anyOf: [arrayOf(object({ 'a b': {} })), arrayOf(arrayOf(object({ 'c d': {} })))] },
        args: [[{ c_d: 1 }]],
        expected: [[{ 'c d': 1 }]],
      },
      {
        rule: 'items of the first branch types stay with the first branch',
        schema: { anyOf: [arrayOf(object({ 'a b': {} })), arrayOf(arrayOf(object({ 'c d': {} })))] },
        args: [{ a_b: 1 }],
        expected: [{ 'a b': 1 }],
      },
      {
        rule: 'items whose property types fit only the later branch go to it',
        schema: {
          anyOf: [arrayOf(object({ 'a b': { type: 'integer' } })), arrayOf(object({ 'a!b': { type: 'string' } }))],
        },
        args: [{ a_b: 'x' }],
        expected: [{ 'a!b': 'x' }],
      },
      {
        rule: 'an array no branch fits goes to the first array branch',
        schema: {
          anyOf: [{ type: 'string' }, arrayOf(object({ 'a b': { type: 'integer' } })), arrayOf({ type: 'boolean' })],
        },
        args: [{ a_b: 'x' }],
        expected: [{ 'a b': 'x' }],
      },
    ]),
  )('$rule', ({ schema, args, expected }) => {
    expect(unmapArgKeys(schema, args)).toEqual(expected)
  })
})

// As @x/arg-coerce reads "already has its types": the keys under
// `patternProperties` and `additionalProperties` count too, so both
// packages leave a value to the same branch.
describe('unmapArgKeys: a branch fits only if its patternProperties and additionalProperties fit too', () => {
  const integer = { type: 'integer' }
  const string = { type: 'string' }
  const additional = (name: string, type: Json): Json => object({ [name]: {} }, { additionalProperties: type })
  const patterned = (name: string, type: Json): Json => object({ [name]: {} }, { patternProperties: { '^z': type } })
  it.each(
    deepFreeze([
      {
        rule: 'arrays: the branch whose additionalProperties the items fit',
        schema: { anyOf: [arrayOf(additional('a b', integer)), arrayOf(additional('a!b', string))] },
        args: [{ a_b: 1, z: 'x' }],
        expected: [{ 'a!b': 1, z: 'x' }],
      },
      {
        rule: 'arrays: the first branch when its additionalProperties fit',
        schema: { anyOf: [arrayOf(additional('a b', integer)), arrayOf(additional('a!b', string))] },
        args: [{ a_b: 1, z: 2 }],
        expected: [{ 'a b': 1, z: 2 }],
      },
      {
        rule: 'arrays: the branch whose patternProperties the items fit',
        schema: { anyOf: [arrayOf(patterned('a b', integer)), arrayOf(patterned('a!b', string))] },
        args: [{ a_b: 1, z1: 'x' }],
        expected: [{ 'a!b': 1, z1: 'x' }],
      },
      {
        rule: 'objects: among covering branches, the one whose patternProperties the value fits',
        schema: { anyOf: [patterned('a b', integer), patterned('a!b', string)] },
        args: { a_b: 1, z1: 'x' },
        expected: { 'a!b': 1, z1: 'x' },
      },
      {
        rule: 'objects: nested additionalProperties decide between covering branches',
        schema: {
          anyOf: [
            object({ 'a b': object({}, { additionalProperties: integer }) }),
            object({ 'a!b': object({}, { additionalProperties: string }) }),
          ],
        },
        args: { a_b: { z: 'x' } },
        expected: { 'a!b': { z: 'x' } },
      },
      {
        rule: 'arrays: a key additionalProperties: false forbids does not fit (an empty closed object)',
        schema: { anyOf: [arrayOf(object({}, { additionalProperties: false })), arrayOf(object({ 'a b': string }))] },
        args: [{ a_b: 'x' }],
        expected: [{ 'a b': 'x' }],
      },
      {
        rule: 'arrays: a closed branch still takes the items it declares',
        schema: {
          anyOf: [
            arrayOf(object({ 'a b': string }, { additionalProperties: false })),
            arrayOf(object({ 'a!b': string })),
          ],
        },
        args: [{ a_b: 'x' }],
        expected: [{ 'a b': 'x' }],
      },
      {
        rule: 'objects: nested, a closed object does not fit a key it does not declare',
        schema: {
          anyOf: [
            object({ 'a b': object({ k: string }, { additionalProperties: false }) }),
            object({ 'a!b': object({ k: string, m: string }) }),
          ],
        },
        args: { a_b: { k: 'x', m: 'y' } },
        expected: { 'a!b': { k: 'x', m: 'y' } },
      },
    ]),
  )('$rule', ({ schema, args, expected }) => {
    expect(unmapArgKeys(schema, args)).toEqual(expected)
  })

  it('an array fits a union item only if it fits the one array branch of that union, as in @x/arg-coerce', () => {
    const item = { anyOf: [string, arrayOf(object({ 'a b': integer }))] }
    const schema = deepFreeze({ anyOf: [arrayOf(item), arrayOf(arrayOf(object({ 'a!b': string })))] })
    expect(unmapArgKeys(schema, deepFreeze([[{ a_b: 'x' }]]))).toEqual([[{ 'a!b': 'x' }]])
    expect(unmapArgKeys(schema, deepFreeze([[{ a_b: 1 }]]))).toEqual([[{ 'a b': 1 }]])
  })

  it('every key read spends the conform budget, matched by a pattern or not: past it no branch fits', () => {
    const schema = deepFreeze({ anyOf: [arrayOf(patterned('a b', integer)), arrayOf(patterned('a!b', string))] })
    const unmatched = Object.fromEntries(Array.from({ length: 2048 }, (_, index) => [`k${index}`, 'x']))
    const restored = unmapArgKeys(schema, deepFreeze([{ ...unmatched, a_b: 1, z1: 'x' }])) as Json[]
    // As @x/arg-coerce: no branch is said to fit, so the first array branch is taken.
    expect(Object.hasOwn(restored[0]!, 'a b')).toBe(true)
  })
})

// As @x/arg-coerce reads "already has its types": an object that lacks a
// name its branch requires does not fit that branch, at any depth. A
// required name counts under either spelling, as selectObjectBranch counts
// it here: the model's (`a_b`) or the tool's (`a b`).
describe('unmapArgKeys: an object fits a branch only if it owns every name the branch requires', () => {
  const string = { type: 'string' }
  const needsAB = object({ 'a b': string }, { required: ['a b'] })
  const dotted = object({ ' .': string })
  it.each(
    deepFreeze([
      {
        rule: 'arrays: items that lack `a b` go to the branch that declares their key',
        schema: { anyOf: [arrayOf(needsAB), arrayOf(dotted)] },
        args: [{ '_.': 'Ada' }],
        expected: [{ ' .': 'Ada' }],
      },
      {
        rule: 'arrays: items that own `a b` in the model spelling stay with its branch',
        schema: { anyOf: [arrayOf(needsAB), arrayOf(dotted)] },
        args: [{ a_b: 'Ada' }],
        expected: [{ 'a b': 'Ada' }],
      },
      {
        rule: 'arrays: items that own `a b` in the tool spelling stay with its branch',
        schema: { anyOf: [arrayOf(needsAB), arrayOf(dotted)] },
        args: [{ 'a b': 'Ada', '_.': 'x' }],
        expected: [{ 'a b': 'Ada', '_.': 'x' }],
      },
      {
        rule: 'arrays: `required` counts beside a pattern neither package can run (no declared property)',
        schema: {
          anyOf: [
            arrayOf({ type: 'object', patternProperties: { '^(a+)+$': {} }, required: ['r'] }),
            arrayOf(object({ 'c d': string })),
          ],
        },
        args: [{ c_d: 'x' }],
        expected: [{ 'c d': 'x' }],
      },
      {
        rule: 'objects: a nested object that lacks `a b` does not fit the first covering branch',
        schema: { anyOf: [object({ m: needsAB }), object({ m: dotted })] },
        args: { m: { '_.': 'Ada' } },
        expected: { m: { ' .': 'Ada' } },
      },
      {
        rule: 'objects: a nested object that owns `a b` fits the first covering branch',
        schema: { anyOf: [object({ m: needsAB }), object({ m: dotted })] },
        args: { m: { a_b: 'Ada' } },
        expected: { m: { 'a b': 'Ada' } },
      },
    ]),
  )('$rule', ({ schema, args, expected }) => {
    expect(unmapArgKeys(schema, args)).toEqual(expected)
  })
})
