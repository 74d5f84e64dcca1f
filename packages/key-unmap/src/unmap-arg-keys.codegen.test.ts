import { deepFreeze, refuseCodeGeneration } from '@x/test-utils'
import { describe, expect, it, onTestFinished } from 'vitest'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import { unmapWithSettings } from './test-support/unmap-with-settings.js'
import { unmapArgKeys } from './unmap-arg-keys.js'

// The generated code (internal/generated-key-order.ts) must give exactly
// what the interpreter gives: `{ codegen: false }` is the interpreter,
// `generateAfter: 1` makes the first object of a renaming key order compile
// it. Each test counts the functions compiled by settings of its own.

type Json = Record<string, unknown>

/** A fresh schema object each call (plans are cached per schema object), sanitized, and the arguments the model sends for it. */
function tool(names: readonly string[]): { schema: Json; modelArgs: Json; expected: Json } {
  const schema: Json = {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
  }
  const sanitized = sanitizeToolSchema(schema) as { properties: Json }
  const sent = Object.keys(sanitized.properties)
  const modelArgs: Json = {}
  const expected: Json = {}
  names.forEach((name, index) => {
    Object.defineProperty(modelArgs, sent[index]!, {
      value: `v${index}`,
      enumerable: true,
      writable: true,
      configurable: true,
    })
    Object.defineProperty(expected, name, { value: `v${index}`, enumerable: true, writable: true, configurable: true })
  })
  return { schema, modelArgs: deepFreeze(modelArgs), expected }
}

/** The first object of a renaming key order compiles it. */
const atOnce = (): ReturnType<typeof unmapWithSettings> => unmapWithSettings({ generateAfter: 1 })

describe('when code is generated', () => {
  it('a schema used once costs no compilation, however many objects its arguments hold', () => {
    const schema: Json = {
      type: 'object',
      properties: { rows: { type: 'array', items: { type: 'object', properties: { 'a b': { type: 'string' } } } } },
    }
    const args = { rows: Array.from({ length: 50 }, (_, index) => ({ a_b: String(index) })) }
    const { unmap, compiled } = unmapWithSettings()
    const output = unmap(schema, args) as { rows: Json[] }
    expect(output.rows.map((row) => row['a b'])).toEqual(args.rows.map((row) => row.a_b))
    expect(compiled()).toBe(0)
    unmap(schema, args)
    expect(compiled()).toBe(1)
  })

  it.each([1, 2, 3])('only once a renaming key order has been seen %i times', (after) => {
    const { schema, modelArgs, expected } = tool(['a b', 'c'])
    const { unmap, compiled } = unmapWithSettings({ generateAfter: after })
    for (let use = 1; use < after; use++) expect(unmap(schema, modelArgs)).toEqual(expected)
    expect(compiled()).toBe(0)
    expect(unmap(schema, modelArgs)).toEqual(expected)
    expect(compiled()).toBe(1)
    for (let use = 0; use < 5; use++) expect(unmap(schema, modelArgs)).toEqual(expected)
    expect(compiled()).toBe(1)
  })

  it('never in a call made with { codegen: false }; the next call that allows it compiles at once', () => {
    const { schema, modelArgs, expected } = tool(['a b', 'c'])
    const { unmap, compiled } = unmapWithSettings()
    for (let use = 0; use < 22; use++) expect(unmap(schema, modelArgs, { codegen: false })).toEqual(expected)
    expect(compiled()).toBe(0)
    expect(unmap(schema, modelArgs)).toEqual(expected)
    expect(compiled()).toBe(1)
  })

  it('a call made with { codegen: false } does not run code an earlier call generated', () => {
    // Generated code checks that the last key is own before it reads the
    // values; the interpreter reads them first: a Proxy's trap log tells
    // the two apart.
    const traps = (unmap: (args: unknown) => unknown): string[] => {
      const log: string[] = []
      const args = new Proxy(
        { a_b: 'v0', c: 'v1' },
        {
          get: (target, key, receiver) => (log.push(`get ${String(key)}`), Reflect.get(target, key, receiver)),
          getOwnPropertyDescriptor: (target, key) => (
            log.push(`own ${String(key)}`),
            Reflect.getOwnPropertyDescriptor(target, key)
          ),
        },
      )
      expect(unmap(args)).toEqual({ 'a b': 'v0', c: 'v1' })
      return log
    }
    const { schema } = tool(['a b', 'c'])
    const { unmap, compiled } = atOnce()
    traps((args) => unmap(schema, args))
    const generated = traps((args) => unmap(schema, args))
    expect(compiled()).toBe(1)
    const refused = traps((args) => unmap(schema, args, { codegen: false }))
    const interpreterOnly = unmapWithSettings({ generateAfter: Number.POSITIVE_INFINITY })
    const other = tool(['a b', 'c']).schema
    traps((args) => interpreterOnly.unmap(other, args))
    const interpreted = traps((args) => interpreterOnly.unmap(other, args))
    expect(interpreterOnly.compiled()).toBe(0)
    expect(refused).toEqual(interpreted)
    expect(generated).not.toEqual(interpreted)
  })

  it('an engine that forbids it (a CSP without unsafe-eval, Cloudflare Workers): same outputs, one refused attempt', () => {
    const refusal = refuseCodeGeneration()
    onTestFinished(refusal.restore)
    const { unmap, compiled, available } = unmapWithSettings()
    const { schema, modelArgs, expected } = tool(['a b', 'c'])
    for (let use = 0; use < 12; use++) expect(unmap(schema, modelArgs)).toEqual(expected)
    expect(refusal.attempts()).toBe(1)
    expect(available()).toBe(false)
    expect(compiled()).toBe(0)
  })

  it('for at most 8 key orders of one schema position: a model cycling through orders cannot make every call compile', () => {
    const { schema } = tool(['a b', 'c', 'd', 'e'])
    const keys = ['a_b', 'c', 'd', 'e']
    const permutations = (items: string[]): string[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((item, index) =>
            permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
          )
    const { unmap, compiled } = unmapWithSettings()
    for (const order of permutations(keys)) {
      const args = Object.fromEntries(order.map((key) => [key, key]))
      for (let use = 0; use < 3; use++) {
        const output = unmap(schema, args) as Json
        expect(Object.keys(output)).toEqual(order.map((key) => (key === 'a_b' ? 'a b' : key)))
        expect(output['a b']).toBe('a_b')
      }
    }
    expect(compiled()).toBe(8)
  })

  it('rejects a non-boolean codegen option as a programmer error', () => {
    expect(() => unmapArgKeys({}, {}, { codegen: 'no' as unknown as boolean })).toThrow(
      new TypeError('options.codegen: expected a boolean or undefined, received string'),
    )
  })
})

describe('generated code and the interpreter agree', () => {
  it('on original names that would break out of a string literal: they come back as names, nothing runs', () => {
    const names = [
      "it's",
      'say "hi"',
      'back\\slash',
      '`${globalThis.pwned = 1}`',
      '"]: globalThis.pwned = 1, x: ["',
      "'); globalThis.pwned = 1; ('",
      '*/ globalThis.pwned = 1 /*',
      'line\u2028sep',
      'para\u2029sep',
      'new\nline',
      'lone \ud800',
      '</script>',
      '0 1',
      'x'.repeat(200),
    ]
    const { schema, modelArgs, expected } = tool(names)
    const { unmap, compiled } = atOnce()
    const output = unmap(schema, modelArgs)
    expect(compiled()).toBe(1)
    expect(JSON.stringify(output)).toBe(JSON.stringify(expected))
    expect(JSON.stringify(unmapArgKeys(tool(names).schema, modelArgs, { codegen: false }))).toBe(
      JSON.stringify(expected),
    )
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined()
  })

  it('on a __proto__ key beside a renamed one: that key order keeps the interpreter, and the key stays an own key', () => {
    const schema = JSON.parse('{"properties":{"__proto__":{"type":"string"},"a b":{"type":"string"}}}') as Json
    const args = deepFreeze(JSON.parse('{"__proto__":"v0","a_b":"v1"}') as Json)
    const { unmap, compiled } = atOnce()
    const output = unmap(schema, args) as Json
    expect(compiled()).toBe(0)
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype)
    expect(Object.entries(output)).toEqual([
      ['__proto__', 'v0'],
      ['a b', 'v1'],
    ])
  })

  it('on another key order, an extra key, a missing key or inherited keys after a key order was specialized', () => {
    const { schema } = tool(['a b', 'c', 'd e'])
    const { unmap, compiled } = atOnce()
    expect(unmap(schema, { a_b: 1, c: 2, d_e: 3 })).toEqual({ 'a b': 1, c: 2, 'd e': 3 })
    expect(compiled()).toBe(1)
    const reordered = unmap(schema, { d_e: 3, a_b: 1, c: 2 }) as Json
    expect(Object.keys(reordered)).toEqual(['d e', 'a b', 'c'])
    expect(unmap(schema, { a_b: 1, c: 2, d_e: 3, x: 4 })).toEqual({ 'a b': 1, c: 2, 'd e': 3, x: 4 })
    expect(unmap(schema, { a_b: 1, c: 2 })).toEqual({ 'a b': 1, c: 2 })
    const inheriting = Object.assign(Object.create({ d_e: 3 }) as Json, { a_b: 1, c: 2 })
    expect(unmap(schema, inheriting)).toEqual(unmap(tool(['a b', 'c', 'd e']).schema, inheriting, { codegen: false }))
  })

  it('on nested renamed objects and the depth bound', () => {
    const nested = (levels: number): Json => {
      let schema: Json = { type: 'object', properties: { 'leaf key': { type: 'string' } } }
      for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { 'a b': schema } }
      return schema
    }
    const args = (levels: number): unknown => {
      let value: unknown = { leaf_key: 'x' }
      for (let level = 0; level < levels; level++) value = { a_b: value }
      return value
    }
    for (const levels of [3, 600]) {
      const input = args(levels)
      const generated = atOnce().unmap(nested(levels), input)
      expect(JSON.stringify(generated)).toBe(JSON.stringify(unmapArgKeys(nested(levels), input, { codegen: false })))
    }
  })
})
