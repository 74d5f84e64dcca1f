// The shipped build: its exact public surface.
import { describe, expect, it } from 'vitest'

describe('@x/schema-ref (built dist/)', () => {
  it('exports exactly the public API', async () => {
    expect(Object.keys(await import('../dist/index.js')).sort()).toEqual([
      'JsonTypeBits',
      'PATTERN_KEY_LIMIT',
      'createObjectBranchSelector',
      'createPatternTest',
      'createRefResolver',
      'isNamedByTags',
      'readConstTag',
      'readDiscriminator',
      'resolveLocalSchemaRef',
      'selectArrayBranch',
      'selectObjectBranch',
      'typeBitsOfKeyword',
      'typeBitsOfValue',
    ])
  })
})
