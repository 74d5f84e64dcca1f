import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { selectObjectBranch } from './select-object-branch.js'
import { branchData, discriminator, value } from './test-support/branch-arbitraries.js'
import { fitsFlag, referenceChoice, toBranch } from './test-support/branch-data.js'
import type { BranchData, TestBranch } from './test-support/branch-data.js'
import type { BranchDiscriminator } from './types.js'

interface Row {
  readonly rule: string
  readonly branches: readonly BranchData[]
  readonly value: Record<string, unknown>
  readonly discriminator?: BranchDiscriminator
  readonly expected: number
}

const circle = {
  required: ['kind', 'radius'],
  properties: ['kind', 'radius'],
  tags: [{ key: 'kind', value: 'circle' }],
}
const square = { required: ['kind', 'side'], properties: ['kind', 'side'], tags: [{ key: 'kind', value: 'square' }] }

const rows: readonly Row[] = deepFreeze([
  { rule: 'no branch gives -1', branches: [], value: { a: 1 }, expected: -1 },
  {
    rule: 'a single branch is chosen whatever the value',
    branches: [{ required: ['x'] }],
    value: { y: 1 },
    expected: 0,
  },
  {
    rule: 'a discriminator mapping to a ref chooses that branch first',
    branches: [
      { properties: ['kind', 'a'], fits: true },
      { properties: ['kind', 'a'], refs: ['#/$defs/B'] },
    ],
    value: { kind: 'b', a: 1 },
    discriminator: { propertyName: 'kind', mapping: { b: '#/$defs/B' } },
    expected: 1,
  },
  {
    rule: 'a discriminator tag that is not a string is ignored',
    branches: [{ properties: ['kind'] }, { properties: ['kind'], refs: ['#/$defs/B'] }],
    value: { kind: 1 },
    discriminator: { propertyName: 'kind', mapping: { 1: '#/$defs/B' } },
    expected: 0,
  },
  {
    rule: 'a discriminator tag read from the mapping prototype is ignored',
    branches: [{ properties: ['kind'] }, { properties: ['kind'], refs: ['[object Object]'] }],
    value: { kind: 'constructor' },
    discriminator: { propertyName: 'kind', mapping: {} },
    expected: 0,
  },
  {
    rule: 'a mapping target no branch was reached by falls through to the next rules',
    branches: [circle, square],
    value: { kind: 'square', side: 1 },
    discriminator: { propertyName: 'kind', mapping: { square: '#/$defs/Nowhere' } },
    expected: 1,
  },
  {
    rule: 'among several covering branches the first that fits wins',
    branches: [{ properties: ['k'] }, { properties: ['k'], fits: true }, { properties: ['k'], fits: true }],
    value: { k: '5' },
    expected: 1,
  },
  {
    rule: 'a fitting branch that does not cover the keys is not chosen by fit',
    branches: [{ properties: ['k', 'extra'] }, { properties: ['k'], fits: true }, { properties: ['k', 'extra'] }],
    value: { k: 1, extra: 2 },
    expected: 0,
  },
  {
    rule: 'several covering branches, none fits: a tag names the branch',
    branches: [
      { properties: ['name', 'arguments'], tags: [{ key: 'name', value: 'find' }] },
      { properties: ['name', 'arguments'], tags: [{ key: 'name', value: 'aggregate' }] },
    ],
    value: { name: 'aggregate', arguments: {} },
    expected: 1,
  },
  {
    rule: 'a tag names its branch before the only covering branch',
    branches: [{ properties: ['kind', 'side'] }, { properties: ['kind'], tags: [{ key: 'kind', value: 'square' }] }],
    value: { kind: 'square', side: 1 },
    expected: 1,
  },
  {
    rule: 'branches sharing a tag value: the named one that covers the value',
    branches: [
      { required: ['a_b'], properties: ['a_b'], tags: [{ key: 'a_b', value: 'fixed' }] },
      { required: ['a_b', 'a b'], properties: ['a_b', 'a b'], tags: [{ key: 'a_b', value: 'fixed' }] },
    ],
    value: { a_b: 'fixed', 'a b': 'Ada' },
    expected: 1,
  },
  {
    rule: 'branches sharing a tag value, one covering but incomplete: the first named',
    branches: [
      { properties: ['kind'], tags: [{ key: 'kind', value: 'x' }] },
      { required: ['kind', 'id'], properties: ['kind', 'extra'], tags: [{ key: 'kind', value: 'x' }] },
    ],
    value: { kind: 'x', extra: 1 },
    expected: 0,
  },
  {
    rule: 'branches sharing a tag value, none covers: the first named',
    branches: [
      { properties: ['kind'] },
      { properties: ['kind', 'a'], tags: [{ key: 'kind', value: 'x' }] },
      { properties: ['kind', 'b'], tags: [{ key: 'kind', value: 'x' }] },
    ],
    value: { kind: 'x', c: 1 },
    expected: 1,
  },
  {
    rule: 'a tag that disagrees disqualifies its branch even when another tag agrees',
    branches: [
      {
        properties: ['a', 'b'],
        tags: [
          { key: 'a', value: 1 },
          { key: 'b', value: 2 },
        ],
      },
      { properties: ['a'], tags: [{ key: 'a', value: 1 }] },
    ],
    value: { a: 1, b: 3 },
    expected: 1,
  },
  {
    rule: 'a branch whose tags are all absent is not named by them',
    branches: [{ properties: ['a'] }, { properties: ['b'], tags: [{ key: 'kind', value: 'x' }] }],
    value: { b: 1 },
    expected: 1,
  },
  {
    rule: 'no tag names a branch: the first covering branch',
    branches: [{ required: ['a'], properties: ['a'] }, { properties: ['b'] }, { properties: ['b', 'c'] }],
    value: { b: 1 },
    expected: 1,
  },
  {
    rule: 'none covers: the first complete branch',
    branches: [{ required: ['a'] }, { required: ['b'], properties: ['b'] }, { required: [] }],
    value: { b: 1, c: 2 },
    expected: 1,
  },
  {
    rule: 'none covers: the first complete branch that fits',
    branches: [{ required: ['a'] }, { required: ['b'], properties: ['b'] }, { required: [], fits: true }],
    value: { b: 1, c: 2 },
    expected: 2,
  },
  {
    rule: 'none covers, one complete: that one, fit or not',
    branches: [{ required: ['a'], fits: true }, { required: ['b'] }],
    value: { b: 1, c: 2 },
    expected: 1,
  },
  {
    rule: 'one covers: it wins over a complete branch that fits',
    branches: [{ properties: ['c'] }, { fits: true }],
    value: { c: 1 },
    expected: 0,
  },
  {
    rule: 'none complete: the first branch',
    branches: [{ required: ['a'] }, { required: ['b'] }],
    value: { c: 1 },
    expected: 0,
  },
  {
    rule: 'a pattern declares the keys it matches',
    branches: [{ properties: ['a'] }, { properties: ['a'], patterns: ['^x-'] }],
    value: { a: 1, 'x-trace': 2 },
    expected: 1,
  },
  {
    rule: 'a required key owned by Object.prototype is still missing',
    branches: [{ required: ['toString'], properties: ['a'] }, { properties: ['a'] }],
    value: { a: 1 },
    expected: 1,
  },
  {
    rule: 'a tag named like an Object.prototype member is absent from a plain value',
    branches: [{ properties: ['a'] }, { properties: ['a'], tags: [{ key: 'constructor', value: Object }] }],
    value: { b: 1 },
    expected: 0,
  },
])

const choose = (row: Row): number =>
  selectObjectBranch(row.branches.map(toBranch), row.value, { discriminator: row.discriminator, fits: fitsFlag })

describe('selectObjectBranch', () => {
  it.each(rows)('$rule', (row) => {
    expect(choose(row)).toBe(row.expected)
  })

  it.each(rows)('agrees with the plain transcription of the order: $rule', (row) => {
    const branches = row.branches.map(toBranch)
    const options = { discriminator: row.discriminator, fits: fitsFlag }
    expect(selectObjectBranch(branches, row.value, options)).toBe(referenceChoice(branches, row.value, options))
  })

  it('asks `fits` only when several branches cover the value, or none does and several are complete, once per branch at most', () => {
    const asked: number[] = []
    const branches = deepFreeze(
      [{ properties: ['a'] }, { properties: ['b'] }, { properties: ['a'] }, { required: ['d'] }].map(toBranch),
    )
    const fits = (branch: TestBranch): boolean => (asked.push(branches.indexOf(branch)), false)
    expect(selectObjectBranch(branches, { b: 1 }, { fits })).toBe(1)
    expect(asked).toEqual([])
    expect(selectObjectBranch(branches, { a: 1 }, { fits })).toBe(0)
    expect(asked).toEqual([0, 2])
    asked.length = 0
    expect(selectObjectBranch(branches, { c: 1 }, { fits })).toBe(0)
    expect(asked).toEqual([0, 1, 2])
    asked.length = 0
    expect(selectObjectBranch(branches.slice(2), { c: 1 }, { fits })).toBe(0)
    expect(asked).toEqual([])
  })

  it('compares tags with `tagMatches` when given', () => {
    const branches = deepFreeze(
      [
        { properties: ['n'], tags: [{ key: 'n', value: 1 }] },
        { properties: ['n'], tags: [{ key: 'n', value: 5 }] },
      ].map(toBranch),
    )
    const tagMatches = (sent: unknown, expected: unknown): boolean => Number(sent) === expected
    expect(selectObjectBranch(branches, { n: '5' }, { fits: fitsFlag, tagMatches })).toBe(1)
    expect(selectObjectBranch(branches, { n: '5' }, { fits: fitsFlag })).toBe(0)
  })

  it('reads own keys only: inherited keys neither complete, cover nor tag a branch', () => {
    const branches = deepFreeze(
      [{ required: ['kind'], properties: ['kind'], tags: [{ key: 'kind', value: 'b' }] }, { properties: ['a'] }].map(
        toBranch,
      ),
    )
    const value = Object.assign(Object.create({ kind: 'b' }) as Record<string, unknown>, { a: 1 })
    expect(selectObjectBranch(branches, value, { fits: fitsFlag })).toBe(1)
  })

  it.each([
    [{ fits: undefined }, 'expected `fits` to be a function, received undefined'],
    [{ fits: 'yes' }, 'expected `fits` to be a function, received string'],
    [{ fits: fitsFlag, tagMatches: null }, 'expected `tagMatches` to be a function or undefined, received null'],
    [undefined, 'expected `fits` to be a function, received undefined'],
  ])('throws a TypeError on bad options (%o)', (options, message) => {
    expect(() => selectObjectBranch([], {}, options as never)).toThrow(new TypeError(`selectObjectBranch: ${message}`))
  })
})

const input = fc
  .tuple(fc.array(branchData, { maxLength: 5 }), value, discriminator)
  .map(([data, record, mapping]) => deepFreeze({ branches: data.map(toBranch), value: record, discriminator: mapping }))

describe('selectObjectBranch laws (fast-check)', () => {
  it('never throws and returns -1 for no branch, else a valid index', () => {
    fc.assert(
      fc.property(input, ({ branches, value, discriminator }) => {
        const index = selectObjectBranch(branches, value, { discriminator, fits: fitsFlag })
        if (branches.length === 0) expect(index).toBe(-1)
        else expect(index >= 0 && index < branches.length && Number.isInteger(index)).toBe(true)
      }),
    )
  })

  it('is deterministic', () => {
    fc.assert(
      fc.property(input, ({ branches, value, discriminator }) => {
        const options = { discriminator, fits: fitsFlag }
        expect(selectObjectBranch(branches, value, options)).toBe(selectObjectBranch(branches, value, options))
      }),
    )
  })

  it('agrees with the plain transcription of the order', () => {
    fc.assert(
      fc.property(input, ({ branches, value, discriminator }) => {
        const options = { discriminator, fits: fitsFlag }
        expect(selectObjectBranch(branches, value, options)).toBe(referenceChoice(branches, value, options))
      }),
    )
  })

  it('answers as for the own keys alone when the value inherits others', () => {
    fc.assert(
      fc.property(input, value, ({ branches, value: own, discriminator }, inherited) => {
        // defineProperty, not assign: an own "__proto__" key must stay a data property.
        const value = Object.create(inherited) as Record<string, unknown>
        for (const [name, item] of Object.entries(own))
          Object.defineProperty(value, name, { value: item, enumerable: true })
        const options = { discriminator, fits: fitsFlag }
        expect(selectObjectBranch(branches, value, options)).toBe(selectObjectBranch(branches, own, options))
      }),
    )
  })
})
