import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isNamedByTags } from './is-named-by-tags.js'
import { selectObjectBranch } from './select-object-branch.js'

const kind = (value: unknown) => ({ key: 'kind', value })

describe('isNamedByTags', () => {
  it.each(
    deepFreeze([
      { rule: 'the one tag key matches', tags: [kind('circle')], value: { kind: 'circle', r: 1 }, expected: true },
      { rule: 'the one tag key differs', tags: [kind('circle')], value: { kind: 'square' }, expected: false },
      { rule: 'no tag key owned names nothing', tags: [kind('circle')], value: { r: 1 }, expected: false },
      { rule: 'no tags name nothing', tags: [], value: { kind: 'circle' }, expected: false },
      {
        rule: 'a tag key not owned neither names nor rules out',
        tags: [kind('circle'), { key: 'version', value: 2 }],
        value: { kind: 'circle' },
        expected: true,
      },
      {
        rule: 'one owned tag key that differs rules the branch out',
        tags: [kind('circle'), { key: 'version', value: 2 }],
        value: { kind: 'circle', version: 1 },
        expected: false,
      },
      { rule: 'a null tag matches a null', tags: [kind(null)], value: { kind: null }, expected: true },
      { rule: 'tags compare with ===, not by type', tags: [kind(5)], value: { kind: '5' }, expected: false },
      {
        rule: 'object tags compare by identity, not by content',
        tags: [kind({ a: 1 })],
        value: { kind: { a: 1 } },
        expected: false,
      },
    ]),
  )('$rule', ({ tags, value, expected }) => {
    expect(isNamedByTags(tags, value as Record<string, unknown>)).toBe(expected)
  })

  it('compares with `tagMatches` when given, sent value first', () => {
    const calls: unknown[][] = []
    const tagMatches = (sent: unknown, expected: unknown): boolean => {
      calls.push([sent, expected])
      return Number(sent) === expected
    }
    expect(isNamedByTags(deepFreeze([kind(5)]), deepFreeze({ kind: '5' }), tagMatches)).toBe(true)
    expect(calls).toEqual([['5', 5]])
  })

  it('reads own keys only: an inherited tag key names nothing', () => {
    expect(isNamedByTags([kind('circle')], Object.create({ kind: 'circle' }) as Record<string, unknown>)).toBe(false)
    expect(isNamedByTags([{ key: 'toString', value: Object.prototype.toString }], {})).toBe(false)
  })

  it.each([null, 'kind', 1, undefined])('a value that is not an object (%j) names nothing', (value) => {
    expect(isNamedByTags([kind('circle')], value as unknown as Record<string, unknown>)).toBe(false)
  })

  it.each([
    [null, 'null'],
    ['===', 'string'],
    [[], 'an array'],
  ])('a tagMatches of %j throws a TypeError', (tagMatches, received) => {
    expect(() => isNamedByTags([], {}, tagMatches as unknown as () => boolean)).toThrow(
      new TypeError(`isNamedByTags: expected \`tagMatches\` to be a function or undefined, received ${received}`),
    )
  })

  it('is the tag step of selectObjectBranch: it picks the first named branch of none that covers (fast-check)', () => {
    const tag = fc.record({ key: fc.constantFrom('kind', 'type', 'v'), value: fc.constantFrom('a', 'b', 1, null) })
    const branches = fc.array(fc.array(tag, { maxLength: 3 }), { minLength: 2, maxLength: 5 })
    const value = fc.dictionary(
      fc.constantFrom('kind', 'type', 'v', 'other'),
      fc.constantFrom('a', 'b', 1, null, '1'),
      {
        minKeys: 1,
      },
    )
    fc.assert(
      fc.property(branches, value, (tagLists, sent) => {
        // No branch declares a key, so none covers the value: the tags decide, else the first (complete) branch.
        const objectBranches = deepFreeze(tagLists).map((tags) => ({
          required: [],
          declares: () => false,
          tags,
          refs: [],
        }))
        const named = objectBranches.findIndex((branch) => isNamedByTags(branch.tags, deepFreeze(sent)))
        expect(selectObjectBranch(objectBranches, sent, { fits: () => true })).toBe(named === -1 ? 0 : named)
      }),
    )
  })
})
