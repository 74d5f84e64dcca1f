// fast-check arbitraries of object branches (as BranchData), values and
// discriminators for the branch-choice laws: a few keys shared by all, so
// that branches and values often meet.
import fc from 'fast-check'
import type { BranchDiscriminator } from '../types.js'

const key = fc.constantFrom('a', 'b', 'kind', 'name', '__proto__', 'toString')
const scalar = fc.constantFrom<unknown>('x', 'y', 1, 2, true, null)

export const branchData = fc.record(
  {
    required: fc.uniqueArray(key, { maxLength: 2 }),
    properties: fc.uniqueArray(key, { maxLength: 4 }),
    patterns: fc.subarray(['^a', '^n']),
    tags: fc.array(fc.record({ key, value: scalar }), { maxLength: 2 }),
    refs: fc.subarray(['#/$defs/A', '#/$defs/B']),
    fits: fc.boolean(),
  },
  { requiredKeys: [] },
)

// Through JSON text, so a generated "__proto__" key is an own data property,
// as JSON.parse hands it over in real use.
export const value = fc
  .dictionary(key, scalar, { maxKeys: 4 })
  .map((record) => JSON.parse(JSON.stringify(record)) as Record<string, unknown>)

export const discriminator: fc.Arbitrary<BranchDiscriminator | undefined> = fc.option(
  fc.record({
    propertyName: key,
    mapping: fc.dictionary(
      fc.constantFrom('x', 'y', 'constructor'),
      fc.constantFrom<unknown>('#/$defs/A', '#/$defs/B', 3),
    ),
  }),
  { nil: undefined },
)
