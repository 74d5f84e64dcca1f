import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { selectArrayBranch } from './select-array-branch.js'

const depth = (value: unknown): number => (Array.isArray(value) ? 1 + depth(value[0]) : 0)
const byDepth = (branch: { readonly depth: number }, value: readonly unknown[]): boolean =>
  depth(value) === branch.depth
// Point | LineString | Polygon, the GeoJSON coordinates of each.
const geometry = deepFreeze([{ depth: 1 }, { depth: 2 }, { depth: 3 }])

describe('selectArrayBranch', () => {
  it.each(
    deepFreeze([
      { rule: 'a Point goes to the Point branch', value: [1, 2], expected: 0 },
      {
        rule: 'a LineString goes to the LineString branch',
        value: [
          [1, 2],
          [3, 4],
        ],
        expected: 1,
      },
      {
        rule: 'a Polygon goes to the Polygon branch',
        value: [
          [
            [1, 2],
            [3, 4],
            [1, 2],
          ],
        ],
        expected: 2,
      },
      { rule: 'too deep fits none', value: [[[[1]]]], expected: -1 },
    ]),
  )('$rule', ({ value, expected }) => {
    expect(selectArrayBranch(geometry, value, byDepth)).toBe(expected)
  })

  it('chooses the first of several branches that fit', () => {
    expect(selectArrayBranch(deepFreeze([{ depth: 2 }, { depth: 1 }, { depth: 1 }]), [1], byDepth)).toBe(1)
  })

  it('stops asking at the first branch that fits', () => {
    const asked: number[] = []
    const fits = (branch: number): boolean => (asked.push(branch), branch === 1)
    expect(selectArrayBranch([0, 1, 2], [], fits)).toBe(1)
    expect(asked).toEqual([0, 1])
  })

  it('returns -1 for no branch', () => {
    expect(selectArrayBranch([], [1], () => true)).toBe(-1)
  })

  it('asks the branches that describe their items first: `{}` admits the array, but says nothing of its items', () => {
    const branches = deepFreeze([
      { depth: 0, describes: false },
      { depth: 1, describes: true },
    ])
    const fitsAll = (): boolean => true
    expect(selectArrayBranch(branches, [{ a: 1 }], fitsAll)).toBe(0)
    expect(selectArrayBranch(branches, [{ a: 1 }], fitsAll, (branch) => branch.describes)).toBe(1)
    // A describing branch the value does not fit leaves the others in order.
    expect(
      selectArrayBranch(
        branches,
        [1],
        (branch) => !branch.describes,
        (branch) => branch.describes,
      ),
    ).toBe(0)
    expect(() => selectArrayBranch(branches, [], fitsAll, 'x' as never)).toThrow(
      new TypeError('selectArrayBranch: expected `describesItems` to be a function or undefined, received string'),
    )
  })

  it('throws a TypeError when `fits` is not a function', () => {
    expect(() => selectArrayBranch([], [], null as never)).toThrow(
      new TypeError('selectArrayBranch: expected `fits` to be a function, received null'),
    )
  })

  it('never throws, is deterministic and returns -1 or the index of a branch that fits (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ depth: fc.integer({ min: 0, max: 4 }) }), { maxLength: 6 }),
        fc.jsonValue({ maxDepth: 4 }).map((json) => deepFreeze(Array.isArray(json) ? json : [json])),
        (branches, value) => {
          const index = selectArrayBranch(branches, value, byDepth)
          expect(selectArrayBranch(branches, value, byDepth)).toBe(index)
          if (index === -1) expect(branches.some((branch) => byDepth(branch, value))).toBe(false)
          else expect(branches.findIndex((branch) => byDepth(branch, value))).toBe(index)
        },
      ),
    )
  })
})
