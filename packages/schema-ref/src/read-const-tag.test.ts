import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readConstTag } from './read-const-tag.js'
import { revoked, throwingAt } from './test-support/hostile-values.js'

describe('readConstTag', () => {
  it.each(
    deepFreeze([
      { rule: 'a const is the tag', schema: { const: 'circle' }, expected: { value: 'circle' } },
      {
        rule: 'a one-value enum is the tag',
        schema: { type: 'string', enum: ['square'] },
        expected: { value: 'square' },
      },
      { rule: 'const wins over enum', schema: { const: 'a', enum: ['b'] }, expected: { value: 'a' } },
      {
        rule: 'const wins over an enum of several values',
        schema: { const: 'a', enum: ['a', 'b'] },
        expected: { value: 'a' },
      },
      { rule: 'a const of null is a tag', schema: { const: null }, expected: { value: null } },
      { rule: 'a const of false is a tag', schema: { const: false }, expected: { value: false } },
      { rule: 'a one-value enum of 0 is a tag', schema: { enum: [0] }, expected: { value: 0 } },
      { rule: 'a const object is a tag', schema: { const: { x: [1] } }, expected: { value: { x: [1] } } },
      { rule: 'an enum of several values is no tag', schema: { enum: ['circle', 'square'] }, expected: undefined },
      { rule: 'an empty enum is no tag', schema: { enum: [] }, expected: undefined },
      { rule: 'an enum that is not a list is no tag', schema: { enum: 'circle' }, expected: undefined },
      { rule: 'a schema without either is no tag', schema: { type: 'string' }, expected: undefined },
      { rule: 'a $ref is not followed', schema: { $ref: '#/$defs/Kind' }, expected: undefined },
      { rule: 'the true schema has no tag', schema: true, expected: undefined },
      { rule: 'an array has no tag', schema: [{ const: 'a' }], expected: undefined },
      { rule: 'null has no tag', schema: null, expected: undefined },
      { rule: 'a string has no tag', schema: 'circle', expected: undefined },
    ]),
  )('$rule', ({ schema, expected }) => {
    expect(readConstTag(schema)).toEqual(expected)
  })

  it('shares the tag value instead of copying it', () => {
    const value = deepFreeze({ kind: 'circle' })
    expect(readConstTag(deepFreeze({ const: value }))?.value).toBe(value)
    expect(readConstTag(deepFreeze({ enum: [value] }))?.value).toBe(value)
  })

  it('counts a const whose value is undefined (hand-built, not JSON)', () => {
    expect(readConstTag({ const: undefined, enum: ['b'] })).toEqual({ value: undefined })
  })

  it.each([
    ['an inherited const', Object.create({ const: 'a' }) as object],
    ['an inherited enum', Object.create({ enum: ['a'] }) as object],
    ['an enum whose one slot is a hole', { enum: new Array(1) }],
    ['an enum whose one slot is inherited', { enum: Object.setPrototypeOf(new Array(1), ['a']) as unknown[] }],
  ])('reads own properties only: %s is no tag', (_, schema) => {
    expect(readConstTag(schema)).toBeUndefined()
  })

  it.each([
    ['a revoked Proxy', () => revoked()],
    ['a throwing const getter', () => throwingAt({}, 'const')],
    ['a throwing enum getter', () => throwingAt({}, 'enum')],
    ['a revoked Proxy as the enum', () => ({ enum: revoked() })],
    [
      'a Proxy whose own-property trap throws',
      () =>
        new Proxy(
          {},
          {
            getOwnPropertyDescriptor() {
              throw new Error('boom')
            },
          },
        ),
    ],
  ])('answers a schema whose reads throw as no tag: %s', (_, make) => {
    expect(readConstTag(make())).toBeUndefined()
  })

  it('gives the const of any schema that owns one, whatever else it holds (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
        fc.jsonValue({ maxDepth: 2 }),
        (rest, tag) => {
          const schema = deepFreeze({ ...rest, const: tag })
          expect(readConstTag(schema)?.value).toBe(schema.const)
        },
      ),
    )
  })

  it('gives the one value of an enum without const, and nothing for other enums (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }), (values) => {
        const schema = deepFreeze({ type: 'string', enum: values })
        expect(readConstTag(schema)).toEqual(values.length === 1 ? { value: values[0] } : undefined)
      }),
    )
  })

  it('never throws, never mutates, and gives the own const or one enum value itself (fast-check)', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 3, key: fc.constantFrom('const', 'enum', 'type', '0') }), (value) => {
        const before = structuredClone(value)
        const tag = readConstTag(value)
        expect(value).toEqual(before)
        if (tag === undefined) return
        const schema = value as { const?: unknown; enum?: unknown[] }
        expect(tag.value).toBe(Object.hasOwn(schema, 'const') ? schema.const : schema.enum![0])
      }),
    )
  })
})
