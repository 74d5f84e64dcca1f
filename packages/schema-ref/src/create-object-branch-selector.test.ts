import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createObjectBranchSelector } from './create-object-branch-selector.js'
import { branchData, discriminator, value } from './test-support/branch-arbitraries.js'
import { fitsFlag, referenceChoice, toBranch } from './test-support/branch-data.js'
import type { BranchData } from './test-support/branch-data.js'

const select = (data: readonly BranchData[]) =>
  createObjectBranchSelector(deepFreeze(data.map(toBranch)), { fits: fitsFlag })

describe('createObjectBranchSelector', () => {
  const byRequired = [
    { required: ['position'], properties: ['position', 'body'] },
    { required: ['line'], properties: ['line', 'body'] },
  ]

  it('chooses as selectObjectBranch for values met again, whatever the order they come in', () => {
    const choose = select(byRequired)
    const values = deepFreeze([
      { line: 1, body: 'a' },
      { position: 2, body: 'b' },
      { line: 3, body: 'c' },
      { body: 'd', position: 4 },
    ])
    expect([...values, ...values].map(choose)).toEqual([1, 0, 1, 0, 1, 0, 1, 0])
  })

  it('counts a required key the value owns without enumerating it, as selectObjectBranch does', () => {
    const choose = select(byRequired)
    expect(choose({ body: 'a' })).toBe(0) // no branch complete: the first
    const hidden = Object.defineProperty({ body: 'a' }, 'line', { value: 1, enumerable: false })
    expect(choose(hidden)).toBe(1) // the same key list as before, and `line` owned all the same
  })

  it('chooses as selectObjectBranch when the value owns a tag or discriminator key without enumerating it', () => {
    const tagged = [
      { required: ['a'], properties: ['a', 'kind'], tags: [{ key: 'kind', value: 'x' }] },
      {
        required: ['a', 'b'],
        properties: ['a', 'b', 'kind'],
        tags: [{ key: 'kind', value: 'y' }],
        refs: ['#/$defs/Y'],
      },
    ]
    const branches = deepFreeze(tagged.map(toBranch))
    const discriminator = { propertyName: 'kind', mapping: { y: '#/$defs/Y' } }
    for (const options of [{ fits: fitsFlag }, { fits: fitsFlag, discriminator }]) {
      const choose = createObjectBranchSelector(branches, options)
      expect(choose({ a: 1 })).toBe(0)
      const hidden = Object.defineProperty({ a: 1 }, 'kind', { value: 'y', enumerable: false })
      expect(choose(hidden)).toBe(referenceChoice(branches, hidden, options))
      expect(choose(hidden)).toBe(1)
    }
  })

  it('asks `declares` while it learns a key list, not on every value', () => {
    let asked = 0
    const branches = deepFreeze(
      byRequired.map((data) => {
        const branch = toBranch(data)
        return { ...branch, declares: (key: string) => (asked++, branch.declares(key)) }
      }),
    )
    const choose = createObjectBranchSelector(branches, { fits: fitsFlag })
    expect(choose({ line: 0, body: 'x' })).toBe(1)
    const learned = asked
    expect(learned).toBeLessThanOrEqual(8) // each branch and key, for the list and once with `position` owned
    for (let call = 1; call < 50; call++) expect(choose({ line: call, body: 'x' })).toBe(1)
    expect(asked).toBe(learned)
  })

  it('asks `tagMatches` once per tag string of a key list, with the answers of selectObjectBranch', () => {
    const pets = [
      { required: ['kind'], properties: ['kind', 'lives'], tags: [{ key: 'kind', value: 5 }] },
      { required: ['kind'], properties: ['kind', 'good'], tags: [{ key: 'kind', value: 6 }] },
    ]
    const branches = deepFreeze(pets.map(toBranch))
    const pairs: unknown[] = []
    const tagMatches = (sent: unknown, expected: unknown): boolean => (pairs.push(sent), Number(sent) === expected)
    const choose = createObjectBranchSelector(branches, { fits: fitsFlag, tagMatches })
    const values = ['6', '5', '6', ' 6', '6'].map((kind) => ({ kind, lives: 1 }))
    expect(values.map(choose)).toEqual([1, 0, 1, 1, 1])
    expect(pairs.filter((sent) => sent === '6')).toHaveLength(2) // once for each branch, for the first '6' only
    const many = Array.from({ length: 70 }, (_, index) => ({ kind: String(index), lives: 1 }))
    expect(many.map(choose)).toEqual(
      many.map((value) => referenceChoice(branches, value, { fits: fitsFlag, tagMatches })),
    )
  })

  it('does not remember an answer that asked `fits`: none covers, several complete, the fit reads the value', () => {
    const branches = deepFreeze([{ properties: ['a'] }, { properties: ['b'] }].map(toBranch))
    // The second branch takes only a string at `c`, as `additionalProperties: {type: string}` would.
    const fits = (branch: unknown, value: Record<string, unknown>): boolean =>
      branch === branches[1] && typeof value.c === 'string'
    const choose = createObjectBranchSelector(branches, { fits })
    const values = deepFreeze([{ c: '5' }, { c: 5 }, { c: '5' }, { c: 5 }])
    expect(values.map(choose)).toEqual([1, 0, 1, 0])
  })

  it('reads values directly past 16 key lists or 64 keys, with the same answers', () => {
    const choose = select(byRequired)
    const many = Array.from({ length: 20 }, (_, index) => ({ [`k${index}`]: 1, line: 1, body: 'x' }))
    expect(many.map(choose)).toEqual(many.map(() => 1))
    const wide = Object.fromEntries(Array.from({ length: 70 }, (_, index) => [`w${index}`, index]))
    expect(choose({ ...wide, position: 1 })).toBe(0)
  })

  it('throws a TypeError on bad options when made, naming itself', () => {
    expect(() => createObjectBranchSelector([], { fits: 'yes' } as never)).toThrow(
      new TypeError('createObjectBranchSelector: expected `fits` to be a function, received string'),
    )
  })
})

describe('createObjectBranchSelector laws (fast-check)', () => {
  it('gives every value of a sequence the index of the plain transcription of the order', () => {
    fc.assert(
      fc.property(
        fc.array(branchData, { maxLength: 5 }),
        fc.array(value, { maxLength: 30 }),
        discriminator,
        (data, values, mapping) => {
          const branches = deepFreeze(data.map(toBranch))
          const options = { discriminator: mapping, fits: fitsFlag }
          const choose = createObjectBranchSelector(branches, options)
          // Twice: the second pass reads what the first one remembered.
          for (const item of [...values, ...values]) expect(choose(item)).toBe(referenceChoice(branches, item, options))
        },
      ),
    )
  })

  it('gives the same index to values that own some keys without enumerating them, after or among the others', () => {
    // The same keys enumerated as a remembered list, plus keys owned but not enumerated (defineProperty).
    const hiding = fc
      .tuple(value, fc.subarray(['a', 'b', 'kind', 'name']), fc.constantFrom<unknown>('x', 'y', 1))
      .map(([record, hidden, held]) => {
        const copy = { ...record }
        for (const key of hidden) if (!Object.hasOwn(copy, key)) Object.defineProperty(copy, key, { value: held })
        return copy
      })
    fc.assert(
      fc.property(
        fc.array(branchData, { maxLength: 5 }),
        fc.array(value, { maxLength: 20 }),
        fc.array(hiding, { maxLength: 20 }),
        discriminator,
        (data, plain, hidden, mapping) => {
          const branches = deepFreeze(data.map(toBranch))
          const options = { discriminator: mapping, fits: fitsFlag }
          const choose = createObjectBranchSelector(branches, options)
          for (const item of [...plain, ...hidden, ...plain, ...hidden])
            expect(choose(item)).toBe(referenceChoice(branches, item, options))
        },
      ),
      { numRuns: 300 },
    )
  })
})
