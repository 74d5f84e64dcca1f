// Hostile schemas: every cost linear in the schema, nothing thrown. Costs are
// pinned by counting operations (lookups, copied keys), never by the clock:
// timing belongs to bench/hostile.bench.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import { countCalls } from './test-support/count-calls.js'

type Json = Record<string, unknown>
const namesOf = (schema: unknown): string[] => Object.keys((schema as { properties: Json }).properties)

// The collision rule as a plain probe from `_2` for every name, the way the
// README states it: the oracle the linear version must agree with.
function probedNames(
  names: readonly string[],
  valid: (name: string) => boolean,
  sanitize: (name: string) => string,
  maxLength: number,
): string[] {
  const taken = new Set(names.filter(valid))
  return names.map((name) => {
    if (valid(name)) return name
    const base = sanitize(name)
    let candidate = base
    for (let counter = 2; taken.has(candidate); counter++) {
      const suffix = `_${counter}`
      const characters = Array.from(base)
      candidate =
        (characters.length > maxLength - suffix.length
          ? characters.slice(0, maxLength - suffix.length).join('')
          : base) + suffix
    }
    taken.add(candidate)
    return candidate
  })
}

describe('sanitizeToolSchema: collisions at scale', () => {
  it('renames 8,000 names that all sanitize to "_" with a linear number of lookups', () => {
    const properties: Json = {}
    for (let index = 0; index < 8000; index++) properties[String.fromCodePoint(0x100 + index)] = {}
    const schema = deepFreeze({ properties })
    let result: unknown
    const lookups = countCalls(Set.prototype, 'has', () => {
      result = sanitizeToolSchema(schema)
    })
    // Probing from `_2` for every name does about 32 million lookups here.
    expect(lookups).toBeLessThan(8000 * 8)
    const names = namesOf(result)
    expect(names.slice(0, 3)).toEqual(['_', '__2', '__3'])
    expect(names[7999]).toBe('__8000')
    expect(new Set(names).size).toBe(8000)
  })

  it('gives the names a probe from _2 gives, at every suffix length and cut', () => {
    // A short profile length makes cuts and longer suffixes frequent.
    const profile = { characters: /[a-z0-9_]/, maxLength: 8 } as const
    const name = fc.stringMatching(/^[a-z_!]{0,10}$/)
    fc.assert(
      fc.property(fc.uniqueArray(name, { maxLength: 120 }), (names) => {
        const properties: Json = {}
        for (const key of names) properties[key] = {}
        const valid = (key: string): boolean => /^[a-z0-9_]{1,8}$/.test(key)
        const sanitize = (key: string): string => (key === '' ? 'param' : key.replace(/[^a-z0-9_]/g, '_').slice(0, 8))
        const result = sanitizeToolSchema({ properties }, { profile })
        const expected = probedNames(Object.keys(properties), valid, sanitize, 8)
        expect(result === properties ? Object.keys(properties) : namesOf(result)).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })
})

describe('sanitizeToolSchema: $ref targets outside the schema keywords', () => {
  // Keys of every object the sanitizer creates (each one is frozen): the
  // copying work, whatever the clock says.
  const copiedKeys = (run: () => void): number =>
    countCalls(Object, 'freeze', run, (value) =>
      typeof value === 'object' && value !== null ? Object.keys(value).length : 0,
    )

  it('puts 4,000 targets back into their one container with one copy of it', () => {
    const defs: Json = {}
    const properties: Json = {}
    for (let index = 0; index < 4000; index++) {
      defs[`d${index}`] = { properties: { 'a b': {} } }
      properties[`p${index}`] = { $ref: `#/x-defs/d${index}` }
    }
    const schema = deepFreeze({ properties, 'x-defs': defs })
    let result: unknown
    // One copy per graft copies the container 4,000 times: 16 million keys.
    expect(copiedKeys(() => (result = sanitizeToolSchema(schema)))).toBeLessThan(4000 * 10)
    const sanitizedDefs = (result as { 'x-defs': Record<string, Json> })['x-defs']
    expect(Object.keys(sanitizedDefs)).toHaveLength(4000)
    expect(sanitizedDefs['d0']).toEqual({ properties: { a_b: {} } })
    expect(sanitizedDefs['d3999']).toEqual({ properties: { a_b: {} } })
  })

  it('puts a target back inside another target that is put back', () => {
    const schema = deepFreeze({
      properties: { outer: { $ref: '#/x-defs/Outer' }, inner: { $ref: '#/x-defs/Outer/x-inner' } },
      'x-defs': { Outer: { properties: { 'a b': {} }, 'x-inner': { properties: { 'c d': {} } } } },
    })
    expect((sanitizeToolSchema(schema) as Json)['x-defs']).toEqual({
      Outer: { properties: { a_b: {} }, 'x-inner': { properties: { c_d: {} } } },
    })
  })

  const deepRef = (depth: number): Json => {
    let data: Json = { properties: { 'a b': {} } }
    for (let level = 0; level < depth; level++) data = { x: data }
    return deepFreeze({ properties: { p: { $ref: `#/data${'/x'.repeat(depth)}` }, 'q r': {} }, data })
  }

  it('does not throw on a $ref 10,000 tokens deep into data, and leaves that target as it is', () => {
    const schema = deepRef(10_000)
    const result = sanitizeToolSchema(schema) as Json
    expect(Object.keys(result['properties'] as Json)).toEqual(['p', 'q_r'])
    expect(result['data']).toBe(schema['data'])
  })

  it('still sanitizes a target 500 tokens deep (the depth bound is 512)', () => {
    let node = (sanitizeToolSchema(deepRef(500)) as Json)['data'] as Json
    for (let level = 0; level < 500; level++) node = node['x'] as Json
    expect(node).toEqual({ properties: { a_b: {} } })
  })
})
