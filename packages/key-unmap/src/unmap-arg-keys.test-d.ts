// Type tests, run by vitest's typecheck in `pnpm test`: the type of the
// unmapped arguments never claims the keys the model sent.
import { describe, expectTypeOf, it } from 'vitest'
import { unmapArgKeys } from './unmap-arg-keys.js'
import type { UnmappedArgs } from './types.js'

const schema = { type: 'object', properties: { 'first name': { type: 'string' } } } as const

describe('unmapArgKeys types', () => {
  it('does not claim that the output keeps the keys the model sent', () => {
    const args = { first_name: 'Ada' }
    const result = unmapArgKeys(schema, args)
    expectTypeOf(result).toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf(result).not.toEqualTypeOf<{ first_name: string }>()
    // @ts-expect-error the model's key is not a known key of the output
    expectTypeOf(result).toEqualTypeOf<typeof args>()
  })

  it('types arrays as arrays of unknown, and other values as themselves', () => {
    expectTypeOf(unmapArgKeys(schema, [{ first_name: 'Ada' }])).toEqualTypeOf<unknown[]>()
    expectTypeOf(unmapArgKeys(schema, 'text')).toEqualTypeOf<string>()
    expectTypeOf(unmapArgKeys(schema, null)).toEqualTypeOf<null>()
    expectTypeOf(unmapArgKeys(schema, JSON.parse('{}') as unknown)).toEqualTypeOf<unknown>()
  })

  it('UnmappedArgs is the same rule as a type', () => {
    expectTypeOf<UnmappedArgs<{ a_b: 1 }>>().toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf<UnmappedArgs<readonly number[]>>().toEqualTypeOf<unknown[]>()
    expectTypeOf<UnmappedArgs<42>>().toEqualTypeOf<42>()
  })
})
