// Hostile schemas and model output for unmapArgKeys: bounded cost, own keys
// only, never a throw. Both tiers run this file (see the root vitest config).
import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { unmapArgKeys } from './unmap-arg-keys.js'

type Json = Record<string, unknown>
const renamed = (extra: Json = {}): Json => ({ type: 'object', properties: { 'a b': {} }, ...extra })

describe('unmapArgKeys: patternProperties from the tool server', () => {
  it('never runs a pattern whose run could be catastrophic: it matches no key', () => {
    const schema = deepFreeze({ type: 'object', patternProperties: { '^(a+)+$': renamed() } })
    const args = deepFreeze({ aaa: { a_b: 1 } })
    // A validator would match `aaa`; refusing the pattern is the price of
    // never running it on a key like `aaaaaaaaaaaaaaaaaaaaaaaaaaaaa!`.
    expect(unmapArgKeys(schema, args)).toBe(args)
  })

  it('answers at once for a 29-character key against ^(a+)+$', () => {
    const schema = deepFreeze({ type: 'object', patternProperties: { '^(a+)+$': renamed() }, properties: { 'c d': {} } })
    const args = deepFreeze({ [`${'a'.repeat(29)}!`]: { a_b: 1 }, c_d: 2 })
    expect(unmapArgKeys(schema, args)).toEqual({ [`${'a'.repeat(29)}!`]: { a_b: 1 }, 'c d': 2 })
  })

  it('still follows an ordinary pattern', () => {
    const schema = deepFreeze({ type: 'object', patternProperties: { '^x-[a-z]+$': renamed() } })
    expect(unmapArgKeys(schema, deepFreeze({ 'x-trace': { a_b: 1 } }))).toEqual({ 'x-trace': { 'a b': 1 } })
  })
})
