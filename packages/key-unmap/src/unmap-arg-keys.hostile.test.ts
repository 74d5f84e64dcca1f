// Hostile schemas and model output for unmapArgKeys: bounded cost, own keys
// only, never a throw. Both tiers run this file (see the root vitest config).
import { afterEach, describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { MAX_GENERATED_NAME_CHARACTERS } from './internal/generated-key-order.js'
import { unmapWithSettings } from './test-support/unmap-with-settings.js'
import { CUSTOM_PROFILES_KEPT, sharedCustomProfiles } from './internal/profile.js'
import { sanitizePropertyName } from './sanitize-property-name.js'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import { countCalls } from './test-support/count-calls.js'
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
    const schema = deepFreeze({
      type: 'object',
      patternProperties: { '^(a+)+$': renamed() },
      properties: { 'c d': {} },
    })
    const args = deepFreeze({ [`${'a'.repeat(29)}!`]: { a_b: 1 }, c_d: 2 })
    expect(unmapArgKeys(schema, args)).toEqual({ [`${'a'.repeat(29)}!`]: { a_b: 1 }, 'c d': 2 })
  })

  it('still follows an ordinary pattern', () => {
    const schema = deepFreeze({ type: 'object', patternProperties: { '^x-[a-z]+$': renamed() } })
    expect(unmapArgKeys(schema, deepFreeze({ 'x-trace': { a_b: 1 } }))).toEqual({ 'x-trace': { 'a b': 1 } })
  })
})

describe('unmapArgKeys: own keys only', () => {
  afterEach(() => {
    delete (Object.prototype as Json)['isAdmin']
  })

  it('never copies an inherited enumerable key into the output, even in a key order seen before', () => {
    const schema = deepFreeze({ type: 'object', properties: { 'a b': {}, isAdmin: {} } })
    for (let round = 0; round < 3; round++)
      expect(unmapArgKeys(schema, deepFreeze({ a_b: 1, isAdmin: false }))).toEqual({ 'a b': 1, isAdmin: false })
    Object.defineProperty(Object.prototype, 'isAdmin', {
      value: true,
      enumerable: true,
      configurable: true,
      writable: true,
    })
    for (let round = 0; round < 3; round++) {
      const result = unmapArgKeys(schema, { a_b: 1 })
      expect(Object.keys(result)).toEqual(['a b'])
      expect(Object.hasOwn(result, 'isAdmin')).toBe(false)
    }
  })

  it('never copies an inherited key below the top level either', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: { outer: { type: 'object', properties: { 'a b': {}, isAdmin: {} } } },
    })
    for (let round = 0; round < 3; round++) unmapArgKeys(schema, deepFreeze({ outer: { a_b: 1, isAdmin: false } }))
    Object.defineProperty(Object.prototype, 'isAdmin', {
      value: true,
      enumerable: true,
      configurable: true,
      writable: true,
    })
    for (let round = 0; round < 3; round++) {
      const result = unmapArgKeys(schema, { outer: { a_b: 1 } }) as { outer: Json }
      expect(Object.keys(result.outer)).toEqual(['a b'])
    }
  })
})

describe('unmapArgKeys: holes in argument arrays', () => {
  afterEach(() => {
    delete (Array.prototype as unknown as Json)['0']
  })
  const schema = deepFreeze({ type: 'array', items: renamed() })

  it('keeps a hole a hole when another item changes, under a polluted Array.prototype', () => {
    Object.defineProperty(Array.prototype, '0', {
      value: 'polluted',
      enumerable: true,
      configurable: true,
      writable: true,
    })
    const args: unknown[] = []
    args[1] = { a_b: 1 }
    const result = unmapArgKeys(schema, args)
    expect(Object.hasOwn(result, 0)).toBe(false)
    expect(Object.hasOwn(result, 1)).toBe(true)
    expect(result[1]).toEqual({ 'a b': 1 })
    expect(result).toHaveLength(2)
  })

  it('never unmaps an object inherited into a hole', () => {
    Object.defineProperty(Array.prototype, '0', {
      value: { a_b: 1 },
      enumerable: true,
      configurable: true,
      writable: true,
    })
    const args: unknown[] = []
    args.length = 2
    expect(unmapArgKeys(schema, args)).toBe(args)
  })

  it('keeps a trailing hole', () => {
    const args: unknown[] = [{ a_b: 1 }]
    args.length = 2
    const result = unmapArgKeys(schema, args)
    expect(result).toHaveLength(2)
    expect(Object.hasOwn(result, 1)).toBe(false)
  })
})

describe('throwing getters and revoked proxies', () => {
  const revoked = (): object => {
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    return proxy
  }
  const throwing = (): Json =>
    Object.defineProperty({ type: 'object' }, 'properties', {
      enumerable: true,
      get() {
        throw new Error('boom')
      },
    }) as Json

  it.each<[string, () => unknown]>([
    ['a revoked Proxy', revoked],
    ['a throwing getter', throwing],
    ['a revoked Proxy inside', () => ({ properties: { 'a b': revoked() } })],
    ['a throwing getter inside', () => ({ $defs: { X: throwing() }, properties: { 'a b': { $ref: '#/$defs/X' } } })],
  ])('sanitizeToolSchema returns %s as it is', (_name, make) => {
    const schema = make()
    expect(sanitizeToolSchema(schema)).toBe(schema)
  })

  it.each<[string, () => unknown]>([
    ['a revoked Proxy', revoked],
    [
      'a throwing getter',
      () =>
        Object.defineProperty({}, 'a_b', {
          enumerable: true,
          get: () => {
            throw new Error('boom')
          },
        }),
    ],
    ['a revoked Proxy inside', () => ({ a_b: { c_d: revoked() }, e: revoked() })],
  ])('unmapArgKeys returns %s as it is', (_name, make) => {
    const args = make()
    const schema = deepFreeze({
      type: 'object',
      properties: {
        'a b': { type: 'object', properties: { 'c d': { type: 'object', properties: { 'e f': {} } } } },
        e: { properties: { 'g h': {} } },
      },
    })
    for (let round = 0; round < 3; round++) expect(unmapArgKeys(schema, args)).toBe(args)
  })

  it('unmapArgKeys returns the arguments as they are for a revoked Proxy as the schema', () => {
    const args = deepFreeze({ a_b: 1 })
    expect(unmapArgKeys(revoked(), args)).toBe(args)
  })

  it.each<[string, () => unknown]>([
    ['revoked Proxy options', revoked],
    [
      'options with a throwing getter',
      () => ({
        get profile() {
          throw new Error('boom')
        },
      }),
    ],
    ['a revoked Proxy profile', () => ({ profile: revoked() })],
  ])('every function throws a TypeError saying so for %s', (_name, make) => {
    const options = make() as never
    const message = /^options: expected an object whose properties can be read, received one that throws when read/
    expect(() => sanitizePropertyName('a b', options)).toThrow(TypeError)
    expect(() => sanitizePropertyName('a b', options)).toThrow(message)
    expect(() => sanitizeToolSchema(renamed(), options)).toThrow(message)
    expect(() => unmapArgKeys(renamed(), { a_b: 1 }, options)).toThrow(message)
  })
})

describe('budgets on what model output can make the package keep or compile', () => {
  it('never puts model keys longer in total than the budget into generated code', () => {
    const schema = deepFreeze(renamed())
    const long = 'k'.repeat(MAX_GENERATED_NAME_CHARACTERS)
    const args = deepFreeze({ a_b: 1, [long]: 2 })
    const { unmap, compiled } = unmapWithSettings()
    for (let round = 0; round < 4; round++) expect(unmap(schema, args)).toEqual({ 'a b': 1, [long]: 2 })
    expect(compiled()).toBe(0)
  })

  it('still generates code for a key order with ordinary names', () => {
    const schema = deepFreeze(renamed())
    const { unmap, compiled } = unmapWithSettings()
    for (let round = 0; round < 4; round++)
      expect(unmap(schema, deepFreeze({ a_b: 1, k: 2 }))).toEqual({ 'a b': 1, k: 2 })
    expect(compiled()).toBe(1)
  })

  it(`keeps at most ${CUSTOM_PROFILES_KEPT} custom name rules shared, however many profiles come`, () => {
    for (let length = 8; length < 1008; length++) {
      expect(sanitizePropertyName('a b', { profile: { characters: /[a-z0-9_]/, maxLength: length } })).toBe('a_b')
    }
    expect(sharedCustomProfiles()).toBeLessThanOrEqual(CUSTOM_PROFILES_KEPT)
  })

  it('still shares one rule between two profile objects with the same patterns', () => {
    const first = deepFreeze({ characters: /[a-z_0-9]/, maxLength: 12 })
    const second = deepFreeze({ characters: /[a-z_0-9]/, maxLength: 12 })
    const schema = deepFreeze(renamed())
    const sent = sanitizeToolSchema(schema, { profile: first })
    expect(sanitizeToolSchema(schema, { profile: second })).toBe(sent)
  })
})

describe('unmapArgKeys: union choice for new key orders', () => {
  // Thirteen nested two-way unions of one definition: under a kilobyte of
  // schema, thousands of plans once flattened.
  const nestedUnions = (): Json => {
    const defs: Json = {}
    for (let level = 0; level < 13; level++)
      defs[`D${level}`] = { anyOf: [{ $ref: `#/$defs/D${level + 1}` }, { $ref: `#/$defs/D${level + 1}` }] }
    defs['D13'] = { type: 'object', properties: { 'a b': {}, 'c d': {} } }
    return deepFreeze({ $ref: '#/$defs/D0', $defs: defs })
  }

  it('scores a bounded number of plans for every new key order', () => {
    const schema = nestedUnions()
    expect(unmapArgKeys(schema, deepFreeze({ a_b: 1 }))).toEqual({ 'a b': 1 })
    const orders = Array.from({ length: 20 }, (_, index) => deepFreeze({ a_b: 1, [`k${index}`]: 2 }))
    const lookups = (method: 'has' | 'get'): number =>
      countCalls(Map.prototype, method, () => {
        for (const args of orders) unmapArgKeys(schema, args)
      })
    // Re-scoring the whole plan graph at every union level made 1,055,120
    // lookups here; scoring each plan once, at most SCORE_BUDGET of them,
    // about 41,000.
    expect(lookups('has') + lookups('get')).toBeLessThan(orders.length * 2 * 5_000)
    expect(unmapArgKeys(schema, deepFreeze({ c_d: 1, z: 2 }))).toEqual({ 'c d': 1, z: 2 })
  })
})

describe('shared sub-objects: walked once, not once per path', () => {
  const tree = deepFreeze({
    $ref: '#/$defs/Node',
    $defs: {
      Node: {
        type: 'object',
        properties: { 'a b': {}, left: { $ref: '#/$defs/Node' }, right: { $ref: '#/$defs/Node' } },
      },
    },
  })

  // Every level's two children are the same object, read through counting
  // getters: one walk per path reads 2^depth of them.
  function sharedLevels(depth: number): { args: Json; reads: () => number } {
    let reads = 0
    let node: Json = { a_b: depth }
    for (let level = 0; level < depth; level++) {
      const child = node
      node = { a_b: level }
      for (const side of ['left', 'right']) {
        Object.defineProperty(node, side, {
          enumerable: true,
          get: () => {
            reads++
            return child
          },
        })
      }
    }
    return { args: node, reads: () => reads }
  }

  it('reads a DAG of 24 levels a linear number of times', () => {
    const { args, reads } = sharedLevels(24)
    const result = unmapArgKeys(tree, args) as Json
    // One walk per path: 2^25 reads, minutes and gigabytes.
    expect(reads()).toBeLessThan(100_000)
    expect(result['a b']).toBe(23)
    let node = result
    for (let level = 0; level < 24; level++) node = node['left'] as Json
    expect(node).toEqual({ 'a b': 24 })
  })

  it('walks a cycle with two back-references to the depth bound once per level', () => {
    const cycle: Json = { a_b: 1 }
    cycle['left'] = cycle
    cycle['right'] = cycle
    const result = unmapArgKeys(tree, cycle) as Json
    let node = result
    for (let level = 0; level < 100; level++) {
      expect(Object.keys(node)).toEqual(['a b', 'left', 'right'])
      expect(Object.keys(node['right'] as Json)).toEqual(['a b', 'left', 'right'])
      node = node['left'] as Json
    }
  })

  it('chooses in a schema whose unions share their branches 24 levels deep with a bounded number of lookups', () => {
    let node: Json = { type: 'object', properties: { 'a b': {} } }
    for (let level = 0; level < 24; level++) node = { anyOf: [node, node] }
    const schema = deepFreeze(node)
    let result: unknown
    const lookups = countCalls(Map.prototype, 'get', () => {
      result = unmapArgKeys(schema, deepFreeze({ a_b: 1 }))
    })
    expect(result).toEqual({ 'a b': 1 })
    expect(lookups).toBeLessThan(200_000)
    let sent = sanitizeToolSchema(schema) as { anyOf: Json[] }
    for (let level = 0; level < 24; level++) {
      expect(sent.anyOf[0]).toBe(sent.anyOf[1])
      sent = sent.anyOf[0] as { anyOf: Json[] }
    }
    expect(sent).toEqual({ type: 'object', properties: { a_b: {} } })
  })
})
