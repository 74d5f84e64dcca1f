// Type tests, run by vitest's typecheck in `pnpm test`: the patch result's
// `args` is `unknown` unless the caller states what it expects, and the
// patch is always read-only operations.
import { describe, expectTypeOf, it } from 'vitest'
import type { CoerceToolArgsWithPatchResult, CoercionPatchOperation } from './coerce-tool-args-with-patch.js'
import { coerceToolArgsWithPatch } from './coerce-tool-args-with-patch.js'

const schema = { type: 'object', properties: { count: { type: 'integer' } } } as const

interface Expected {
  readonly count: number
}

describe('coerceToolArgsWithPatch types', () => {
  it('claims nothing by default', () => {
    const result = coerceToolArgsWithPatch(schema, { count: '5' })
    expectTypeOf(result).toEqualTypeOf<CoerceToolArgsWithPatchResult>()
    expectTypeOf(result.args).toEqualTypeOf<unknown>()
    expectTypeOf(result.patch).toEqualTypeOf<readonly CoercionPatchOperation[]>()
  })

  it('types args as the type the caller asserts, and the patch the same either way', () => {
    const result = coerceToolArgsWithPatch<Expected>(schema, { count: '5' }, { maxDepth: 4 })
    expectTypeOf(result).toEqualTypeOf<CoerceToolArgsWithPatchResult<Expected>>()
    expectTypeOf(result.args).toEqualTypeOf<Expected>()
    expectTypeOf(result.patch).toEqualTypeOf<readonly CoercionPatchOperation[]>()
    // @ts-expect-error an asserted type is kept exactly, not widened to unknown
    expectTypeOf(result.args).toEqualTypeOf<unknown>()
  })

  it('is read-only', () => {
    const result = coerceToolArgsWithPatch<Expected>(schema, { count: '5' })
    // @ts-expect-error args is read-only
    result.args = { count: 1 }
    // @ts-expect-error the patch is a read-only array
    result.patch.push({ op: 'replace', path: '', value: 1 })
  })
})

describe('CoerceToolArgsWithPatchResult', () => {
  it('defaults to unknown args and takes the asserted type as its parameter', () => {
    expectTypeOf<CoerceToolArgsWithPatchResult['args']>().toEqualTypeOf<unknown>()
    expectTypeOf<CoerceToolArgsWithPatchResult<Expected>['args']>().toEqualTypeOf<Expected>()
    expectTypeOf<CoerceToolArgsWithPatchResult<Expected>['patch']>().toEqualTypeOf<
      CoerceToolArgsWithPatchResult['patch']
    >()
  })
})
