// Type tests, run by vitest's typecheck in `pnpm test`: the coerced
// arguments are `unknown` unless the caller states what it expects, and a
// stated type is taken as given (the caller's assertion, never inferred
// from the schema or the arguments).
import { describe, expectTypeOf, it } from 'vitest'
import { type CoerceToolArgsOptions, coerceToolArgs } from './coerce-tool-args.js'

const schema = { type: 'object', properties: { count: { type: 'integer' } } } as const

interface Expected {
  readonly count: number
}

describe('coerceToolArgs types', () => {
  it('claims nothing by default: the result is unknown, whatever the arguments are', () => {
    expectTypeOf(coerceToolArgs(schema, { count: '5' })).toEqualTypeOf<unknown>()
    expectTypeOf(coerceToolArgs(schema, 'text')).toEqualTypeOf<unknown>()
    // @ts-expect-error the input's type is not carried over: coercion changes it
    expectTypeOf(coerceToolArgs(schema, { count: '5' })).toEqualTypeOf<{ count: string }>()
  })

  it('types the result as the type the caller asserts, with or without options', () => {
    expectTypeOf(coerceToolArgs<Expected>(schema, { count: '5' })).toEqualTypeOf<Expected>()
    expectTypeOf(
      coerceToolArgs<Expected>(schema, { count: '5' }, { maxDepth: 4, codegen: false }),
    ).toEqualTypeOf<Expected>()
    // @ts-expect-error an asserted type is kept exactly, not widened to unknown
    expectTypeOf(coerceToolArgs<Expected>(schema, {})).toEqualTypeOf<unknown>()
  })

  it('takes the expected type from the place the result goes, as a caller declared it', () => {
    const declared: Expected = coerceToolArgs(schema, { count: '5' })
    expectTypeOf(declared).toEqualTypeOf<Expected>()
  })

  it('takes any schema and any arguments, and checks its options', () => {
    expectTypeOf(coerceToolArgs).parameter(0).toEqualTypeOf<unknown>()
    expectTypeOf(coerceToolArgs).parameter(1).toEqualTypeOf<unknown>()
    expectTypeOf(coerceToolArgs).parameter(2).toEqualTypeOf<CoerceToolArgsOptions | undefined>()
    // @ts-expect-error maxDepth is a number
    coerceToolArgs(schema, {}, { maxDepth: '4' })
    // @ts-expect-error there is no such option
    coerceToolArgs(schema, {}, { depth: 4 })
  })
})
