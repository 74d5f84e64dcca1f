import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { coerceToolArgs } from './coerce-tool-args.js'
import { coerceToolArgsWithPatch } from './coerce-tool-args-with-patch.js'

const integer = { type: 'integer' }

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

describe('structural sharing and purity', () => {
  const schema = deepFreeze({
    type: 'object',
    properties: { n: integer, keep: { type: 'object', properties: { m: integer } }, list: { type: 'array', items: integer } },
  })

  it('a call that changes nothing returns the very same object', () => {
    const args = deepFreeze({ n: 1, keep: { m: 2 }, list: [1, 2], extra: 'x' })
    expect(coerceToolArgs(schema, args)).toBe(args)
  })

  it('untouched subtrees are shared with the input', () => {
    const args = deepFreeze({ n: '1', keep: { m: 2 }, list: [1, 2] })
    const output = coerceToolArgs(schema, args) as typeof args
    expect(output).not.toBe(args)
    expect(output.keep).toBe(args.keep)
    expect(output.list).toBe(args.list)
  })

  it('only the path to a change is copied', () => {
    const args = deepFreeze({ n: 1, keep: { m: '2' }, list: [1, 2] })
    const output = coerceToolArgs(schema, args) as typeof args
    expect(output.keep).toEqual({ m: 2 })
    expect(output.list).toBe(args.list)
  })

  it('non-object schemas coerce nothing', () => {
    const args = { n: '1' }
    for (const schema of [true, false, null, undefined, 5, 'x']) expect(coerceToolArgs(schema, args)).toBe(args)
  })

  it('the same schema object compiled once serves later calls with other key orders', () => {
    for (const args of [{ n: '1', list: ['2'] }, { list: ['2'], n: '1' }, { list: ['2'] }, { n: '1', list: ['2'], x: 1 }]) {
      expect(coerceToolArgs(schema, args)).toEqual({ ...args, ...('n' in args ? { n: 1 } : {}), list: [2] })
    }
  })
})

describe('out-of-scope references carry no type: values pass through', () => {
  it.each([
    ['a remote ref', { $ref: 'other.json#/$defs/Count' }],
    ['a plain-name anchor', { $ref: '#Count' }],
    ['a dangling pointer', { $ref: '#/$defs/Missing' }],
    ['a bad ~ escape', { $ref: '#/$defs/a~2b' }],
    ['a cyclic chain', { $ref: '#/$defs/Loop' }],
    ['a remote ref with a type sibling', { $ref: 'https://example.com/s.json', type: 'integer' }],
  ])('%s', (_title, property) => {
    const schema = deepFreeze({ type: 'object', properties: { v: property }, $defs: { Loop: { $ref: '#/$defs/Loop' } } })
    const args = deepFreeze({ v: '5' })
    expect(coerceToolArgs(schema, args)).toBe(args)
  })

  it('a ref to a boolean schema: true admits anything, false coerces nothing', () => {
    const schema = deepFreeze({ type: 'object', properties: { t: { $ref: '#/$defs/T' }, f: { $ref: '#/$defs/F' } }, $defs: { T: true, F: false } })
    const args = deepFreeze({ t: '5', f: '5' })
    expect(coerceToolArgs(schema, args)).toBe(args)
  })
})

describe('prototype safety', () => {
  // Parsed, so that "__proto__" is an own key of `properties` (a literal would set the prototype).
  const schema = deepFreeze(
    JSON.parse(
      '{"type": "object", "properties": {"__proto__": {"type": "integer"}, "constructor": {"type": "integer"}, "prototype": {"type": "integer"}, "inner": {"type": "object", "additionalProperties": {"type": "integer"}}}}',
    ) as object,
  )

  it('own __proto__, constructor and prototype keys from JSON.parse stay own data properties of the output', () => {
    const args = deepFreeze(JSON.parse('{"__proto__": "1", "constructor": "2", "prototype": "3", "inner": "{\\"__proto__\\": \\"4\\"}"}') as object)
    const output = coerceToolArgs(schema, args) as Record<string, unknown>
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toBe(1)
    expect(Object.getOwnPropertyDescriptor(output, 'constructor')?.value).toBe(2)
    expect(Object.getOwnPropertyDescriptor(output, 'prototype')?.value).toBe(3)
    const inner = output['inner'] as object
    expect(Object.getPrototypeOf(inner)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(inner, '__proto__')?.value).toBe(4)
  })

  it('Object.prototype is untouched', () => {
    const args = JSON.parse('{"__proto__": {"polluted": "1"}, "inner": {"__proto__": {"polluted": "1"}}}') as object
    const output = coerceToolArgs(schema, args)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype)
  })

  it('inherited enumerable properties of a non-plain object are not read', () => {
    const proto = { n: '1' }
    const args = Object.create(proto) as Record<string, unknown>
    args['m'] = '2'
    const plainSchema = { type: 'object', properties: { n: integer, m: integer } }
    expect(coerceToolArgs(plainSchema, args)).toEqual({ m: 2 })
  })

  it('an enumerable key on a polluted Object.prototype is never read into the output', () => {
    const plainSchema = deepFreeze({ type: 'object', properties: { a: integer, polluted: integer } })
    expect(coerceToolArgs(plainSchema, { a: '1', polluted: '2' })).toEqual({ a: 1, polluted: 2 })
    Object.defineProperty(Object.prototype, 'polluted', { value: '3', enumerable: true, writable: true, configurable: true })
    let output: object
    try {
      output = coerceToolArgs(plainSchema, { a: '1' }) as object
    } finally {
      delete (Object.prototype as Record<string, unknown>)['polluted']
    }
    expect(Object.hasOwn(output, 'polluted')).toBe(false)
    expect(output).toEqual({ a: 1 })
  })

  it('the patch reports a __proto__ key as an ordinary path', () => {
    const args = JSON.parse('{"__proto__": "1"}') as object
    expect(coerceToolArgsWithPatch(schema, args).patch).toEqual([{ op: 'replace', path: '/__proto__', value: 1 }])
  })
})

describe('depth is bounded: no RangeError for any input', () => {
  it('100,000-deep data passes through past the bound', () => {
    const schema = { $defs: { A: { type: 'object', properties: { a: { $ref: '#/$defs/A' } } } }, $ref: '#/$defs/A' }
    const args = nested(100_000, '1')
    expect(coerceToolArgs(schema, args)).toBe(args)
    expect(coerceToolArgsWithPatch(schema, args).patch).toEqual([])
  })

  it('a 100,000-deep JSON string is parsed and coerced down to the bound', () => {
    const schema = { $defs: { L: { type: 'array', items: { $ref: '#/$defs/L' } } }, $ref: '#/$defs/L' }
    const text = '['.repeat(100_000) + ']'.repeat(100_000)
    const output = coerceToolArgs(schema, text)
    expect(Array.isArray(output)).toBe(true)
    expect(coerceToolArgs(schema, output)).toBe(output)
  })

  it('a change deep below the bound is left alone, one above it is made', () => {
    const schema = { $defs: { A: { type: 'object', properties: { a: { $ref: '#/$defs/A' }, n: integer } } }, $ref: '#/$defs/A' }
    const shallow = nested(5, { n: '1' })
    const deep = nested(200, { n: '1' })
    expect(JSON.stringify(coerceToolArgs(schema, shallow))).toContain('"n":1')
    expect(coerceToolArgs(schema, deep)).toBe(deep)
    expect(JSON.stringify(coerceToolArgs(schema, deep, { maxDepth: 300 }))).toContain('"n":1')
  })

  it('a 10,000-long $ref chain and a deeply recursive schema', () => {
    const defs: Record<string, unknown> = { D10000: { type: 'integer' } }
    for (let index = 0; index < 10_000; index++) defs[`D${index}`] = { $ref: `#/$defs/D${index + 1}` }
    const chain = { type: 'object', properties: { v: { $ref: '#/$defs/D0' } }, $defs: defs }
    expect(coerceToolArgs(chain, { v: '1' })).toEqual({ v: 1 })
    let deepSchema: object = { type: 'integer' }
    for (let level = 0; level < 20_000; level++) deepSchema = { type: 'object', properties: { a: deepSchema } }
    const args = nested(20_000, '1')
    expect(coerceToolArgs(deepSchema, args)).toBe(args)
  })
})

describe('values and schemas that are not JSON trees', () => {
  it('cyclic arguments end at the depth bound', () => {
    const schema = { $defs: { A: { type: 'object', properties: { self: { $ref: '#/$defs/A' }, n: integer } } }, $ref: '#/$defs/A' }
    const args: Record<string, unknown> = { n: '1' }
    args['self'] = args
    const output = coerceToolArgs(schema, args) as Record<string, unknown>
    expect(output['n']).toBe(1)
    expect(coerceToolArgsWithPatch(schema, args).patch.length).toBeGreaterThan(0)
  })

  it('a schema object that contains itself (allOf, anyOf, properties) compiles in bounded time', () => {
    const schema: Record<string, unknown> = { type: 'object', properties: { n: integer } }
    schema['allOf'] = [schema]
    schema['anyOf'] = [schema, { type: 'null' }]
    ;(schema['properties'] as Record<string, unknown>)['child'] = schema
    expect(coerceToolArgs(schema, { n: '1', child: { n: '2' } })).toEqual({ n: 1, child: { n: 2 } })
  })
})

describe('options', () => {
  it.each([
    ['a non-object', 5, 'expected options to be an object or undefined, received 5'],
    ['null', null, 'received null'],
    ['a negative maxDepth', { maxDepth: -1 }, 'expected options.maxDepth to be an integer from 0 to 1000, received -1'],
    ['a fractional maxDepth', { maxDepth: 1.5 }, 'received 1.5'],
    ['a huge maxDepth', { maxDepth: 1e6 }, 'received 1000000'],
    ['a string maxDepth', { maxDepth: '3' }, 'received string'],
  ])('throw a TypeError for %s', (_title, options, message) => {
    expect(() => coerceToolArgs({}, {}, options as never)).toThrow(TypeError)
    expect(() => coerceToolArgs({}, {}, options as never)).toThrow(message)
  })

  it('maxDepth 0 coerces the root value only', () => {
    expect(coerceToolArgs({ type: 'integer' }, '3', { maxDepth: 0 })).toBe(3)
    const args = { n: '1' }
    expect(coerceToolArgs({ type: 'object', properties: { n: integer } }, args, { maxDepth: 0 })).toBe(args)
  })
})
