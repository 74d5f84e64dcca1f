import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { format } from './format.js'
import { caught } from './test-support/caught.js'

describe('format', () => {
  it.each(
    deepFreeze([
      [[], ''],
      [[''], '/'],
      [['', ''], '//'],
      [['a/b'], '/a~1b'],
      [['m~n'], '/m~0n'],
      [['~1'], '/~01'],
      [['/0'], '/~10'],
      [['~/'], '/~0~1'],
      [['é', '%', ' '], '/é/%/ '],
    ]),
  )('escapes "~" as ~0 before "/" as ~1: %j gives %j', (tokens, pointer) => {
    expect(format(tokens)).toBe(pointer)
  })

  it.each(
    deepFreeze([
      [['items', 0], '/items/0'],
      [[12, 'x'], '/12/x'],
      [[Number.MAX_SAFE_INTEGER], `/${Number.MAX_SAFE_INTEGER}`],
      [[-0], '/0'],
    ]),
  )('writes non-negative integer tokens as array indices: %j', (tokens, pointer) => {
    expect(format(tokens)).toBe(pointer)
  })

  it.each(
    deepFreeze([
      [[['__proto__']], 0, 'an array', ''],
      [['a', { toString: () => 'x' }], 1, 'an object', '/a'],
      [['a', 'b', -1], 2, 'the number -1', '/a/b'],
      [[1.5], 0, 'the number 1.5', ''],
      [[Number.NaN], 0, 'the number NaN', ''],
      [[Infinity], 0, 'the number Infinity', ''],
      [[2 ** 53], 0, `the number ${2 ** 53}`, ''],
      [[null], 0, 'null', ''],
      [[undefined], 0, 'undefined', ''],
      [[true], 0, 'the boolean true', ''],
      [[Symbol('s')], 0, 'symbol', ''],
    ]),
  )(
    'throws INVALID_TOKEN for %j at the bad token index %i, never stringifying it',
    (tokens, position, received, prefix) => {
      const error = caught(() => format(tokens as unknown as string[]))
      expect(error).toMatchObject({ name: 'JsonPointerError', code: 'INVALID_TOKEN', position, pointer: prefix })
      expect(error.message).toBe(
        `Invalid JSON Pointer: token ${position} must be a string or a non-negative integer, received ${received}`,
      )
    },
  )

  it('throws INVALID_TOKEN for a bigint token too', () => {
    expect(caught(() => format([10n] as unknown as string[]))).toMatchObject({ code: 'INVALID_TOKEN', position: 0 })
  })

  it.each(deepFreeze([['/a'], [null], [{ length: 1, 0: 'a' }]]))(
    'throws INVALID_TYPE, never a TypeError, for the non-array %j',
    (value) => {
      expect(caught(() => format(value as unknown as string[])).code).toBe('INVALID_TYPE')
    },
  )

  it('does not mutate its input', () => {
    const tokens = deepFreeze(['a/b', 0])
    expect(format(tokens)).toBe('/a~1b/0')
  })
})
