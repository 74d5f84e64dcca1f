// Hostile schemas and arguments: every cost bounded, nothing thrown, the
// two tiers (interpreter, generated code) agreeing on what they read, the
// input never mutated and no prototype reached, and options checked.
import { deepFreeze } from '@x/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { coerceToolArgs } from './coerce-tool-args.js'
import { coerceToolArgsWithPatch } from './coerce-tool-args-with-patch.js'
import { codegen } from './internal/generate.js'
import { applyReportedPatch } from './test-support/check.js'

const integer = { type: 'integer' }

describe('throwing getters and revoked proxies', () => {
  const schema = deepFreeze({
    type: 'object',
    properties: { n: integer, inner: { type: 'object', properties: { m: integer } } },
  })

  const throwing = (): Record<string, unknown> => {
    const args: Record<string, unknown> = { n: '1' }
    Object.defineProperty(args, 'inner', {
      enumerable: true,
      get() {
        throw new Error('getter')
      },
    })
    return args
  }
  const revoked = (): object => {
    const { proxy, revoke } = Proxy.revocable({ n: '1' }, {})
    revoke()
    return proxy
  }

  it.each([
    ['a throwing getter', throwing],
    ['a revoked Proxy', revoked],
    ['a revoked Proxy below', () => ({ n: '1', inner: revoked() })],
  ])('%s in the arguments: the input comes back, no throw', (_title, make) => {
    const args = make()
    for (let call = 0; call < 3; call++) {
      expect(coerceToolArgs(schema, args)).toBe(args)
      const result = coerceToolArgsWithPatch(schema, args)
      expect(result.args).toBe(args)
      expect(result.patch).toEqual([])
      expect(coerceToolArgs(schema, args, { codegen: false })).toBe(args)
    }
  })

  it('a revoked Proxy as the schema: the input comes back', () => {
    const { proxy, revoke } = Proxy.revocable({ type: 'object' }, {})
    revoke()
    const args = { n: '1' }
    expect(coerceToolArgs(proxy, args)).toBe(args)
    expect(coerceToolArgsWithPatch(proxy, args).patch).toEqual([])
  })

  it('a throwing getter in the schema: the input comes back', () => {
    const properties = {}
    Object.defineProperty(properties, 'n', {
      enumerable: true,
      get() {
        throw new Error('getter')
      },
    })
    const args = { n: '1' }
    expect(coerceToolArgs({ type: 'object', properties }, args)).toBe(args)
  })

  it('bad options still throw a TypeError', () => {
    expect(() => coerceToolArgsWithPatch({}, {}, { maxDepth: -1 })).toThrow(TypeError)
  })
})

describe('patternProperties from a hostile schema meet keys from the model within a budget', () => {
  const evil = 'a'.repeat(29) + '!'

  it('a nested-quantifier pattern is not run: the key is left as sent', () => {
    const schema = deepFreeze({
      type: 'object',
      patternProperties: { '^(a+)+$': integer },
      additionalProperties: integer,
    })
    const args = deepFreeze({ [evil]: '5', aaa: '6' })
    expect(coerceToolArgs(schema, args)).toBe(args)
  })

  it('a nested-quantifier pattern in a union of objects is not run for branch choice', () => {
    const left = { type: 'object', patternProperties: { '^(a+)+$': integer }, properties: { n: integer } }
    const right = { type: 'object', properties: { n: integer, m: integer } }
    const schema = deepFreeze({ type: 'object', properties: { v: { anyOf: [left, right] } } })
    expect(coerceToolArgs(schema, { v: { n: '1', [evil]: 'x' } })).toEqual({ v: { n: 1, [evil]: 'x' } })
  })

  it('a safe pattern still applies; a key past the key budget is left as sent', () => {
    const schema = deepFreeze({
      type: 'object',
      patternProperties: { '^x-': integer },
      additionalProperties: { type: 'boolean' },
    })
    const long = 'x-' + 'a'.repeat(300)
    expect(coerceToolArgs(schema, { 'x-n': '1', other: 'true', [long]: '2' })).toEqual({
      'x-n': 1,
      other: true,
      [long]: '2',
    })
  })
})

describe('compile cost stays linear in the schema', () => {
  it('8,000 properties beside an anyOf of 8,000 empty branches compile once per kept alternative', () => {
    const properties: Record<string, unknown> = {}
    for (let index = 0; index < 8000; index++) properties[`p${index}`] = integer
    const schema = deepFreeze({ type: 'object', properties, anyOf: Array.from({ length: 8000 }, () => ({})) })
    expect(coerceToolArgs(schema, { p1: '1', p7999: '2', q: '3' })).toEqual({ p1: 1, p7999: 2, q: '3' })
  })
})

describe('a JSON string sent to a union is parsed once', () => {
  const branches = Array.from({ length: 16 }, (_, index) => ({
    type: 'object',
    properties: { [`k${index}`]: integer },
    required: [`k${index}`],
  }))
  const schema = deepFreeze({ type: 'object', properties: { v: { anyOf: branches } } })

  it.each([
    ['an object the union admits', '{"k3": "1"}', { k3: 1 }],
    ['an array no branch admits', '[1]', '[1]'],
    ['text that is not JSON', '{bad', '{bad'],
  ])('%s', (_title, text, expected) => {
    const parse = vi.spyOn(JSON, 'parse')
    try {
      expect(coerceToolArgs(schema, { v: text })).toEqual({ v: expected })
      expect(parse).toHaveBeenCalledTimes(1)
    } finally {
      parse.mockRestore()
    }
  })
})

describe('generated code is bounded in size', () => {
  it('60 declared names of 100,000 characters keep the interpreter', () => {
    const names = Array.from({ length: 60 }, (_, index) => `${index}`.padEnd(100_000, 'n'))
    const schema = deepFreeze({ type: 'object', properties: Object.fromEntries(names.map((name) => [name, integer])) })
    const before = codegen.compiled
    for (let call = 0; call < 3; call++)
      expect(coerceToolArgs(schema, { [names[7]!]: '7' })).toEqual({ [names[7]!]: 7 })
    expect(codegen.compiled).toBe(before)
  })

  it('a name of 256 characters still gets generated code', () => {
    const name = 'n'.repeat(256)
    const schema = deepFreeze({ type: 'object', properties: { [name]: integer } })
    const before = codegen.compiled
    for (let call = 0; call < 3; call++) expect(coerceToolArgs(schema, { [name]: '7' })).toEqual({ [name]: 7 })
    expect(codegen.compiled).toBe(before + 1)
  })
})

describe('the two tiers read the same properties: own ones', () => {
  const schema = deepFreeze({
    type: 'object',
    properties: { size: integer, inner: { type: 'object', properties: { size: integer } } },
  })

  it.each([
    ['at the root', () => Object.create(Map.prototype) as object, (value: object) => value],
    [
      'below',
      () => ({ inner: Object.create(Map.prototype) as object }),
      (value: object) => (value as { inner: object }).inner,
    ],
  ])('an object inheriting a throwing accessor under a declared name, %s', (_title, make, pick) => {
    for (let call = 0; call < 3; call++) {
      const args = make()
      const output = coerceToolArgs(schema, args) as object
      expect(output).toBe(args)
      expect(coerceToolArgs(schema, args, { codegen: false })).toBe(args)
      expect(Object.getPrototypeOf(pick(output))).toBe(Map.prototype)
    }
  })

  it('an accessor inherited from a class is not run by either tier', () => {
    let runs = 0
    class Args {
      get size(): string {
        runs++
        return '5'
      }
    }
    for (let call = 0; call < 3; call++)
      expect(coerceToolArgs(schema, { inner: new Args() })).toEqual({ inner: new Args() })
    expect(runs).toBe(0)
  })
})

describe('holes in argument arrays stay holes, whatever a prototype holds', () => {
  const schema = deepFreeze({
    type: 'object',
    properties: {
      list: { type: 'array', items: integer },
      pair: { type: 'array', prefixItems: [integer, integer, integer] },
      rows: { type: 'array', items: { type: 'object', properties: { n: integer } } },
    },
  })

  const polluted = <T>(target: object, element: unknown, body: () => T): T => {
    Object.defineProperty(target, 1, { value: element, enumerable: true, writable: true, configurable: true })
    try {
      return body()
    } finally {
      delete (target as Record<number, unknown>)[1]
      if (target === Array.prototype) Array.prototype.length = 0
    }
  }

  // eslint-disable-next-line no-sparse-arrays -- the hole is the point
  const holey = (first: unknown, last: unknown): unknown[] => [first, , last]

  it.each([
    ['Array.prototype', Array.prototype],
    ['Object.prototype', Object.prototype],
  ])('a hole is not filled from %s when another item changes', (_title, target) => {
    for (let call = 0; call < 3; call++) {
      const args = { list: holey('1', '3'), pair: holey('1', '3'), rows: holey({ n: '1' }, { n: '3' }) }
      const output = polluted(target, '7', () => coerceToolArgs(schema, args)) as Record<string, unknown[]>
      for (const key of ['list', 'pair'] as const) {
        expect(output[key]!.length).toBe(3)
        expect(Object.hasOwn(output[key]!, 1)).toBe(false)
        expect([output[key]![0], output[key]![2]]).toEqual([1, 3])
      }
      expect(Object.hasOwn(output['rows']!, 1)).toBe(false)
      expect([output['rows']![0], output['rows']![2]]).toEqual([{ n: 1 }, { n: 3 }])
    }
  })

  it.each([
    ['Array.prototype', Array.prototype],
    ['Object.prototype', Object.prototype],
  ])('a hole alone never changes the array (%s)', (_title, target) => {
    for (let call = 0; call < 3; call++) {
      const args = { list: holey(1, 3), pair: holey(1, 3), rows: holey({ n: 1 }, { n: 3 }) }
      expect(polluted(target, '7', () => coerceToolArgs(schema, args))).toBe(args)
      expect(polluted(target, { n: '7' }, () => coerceToolArgs(schema, args))).toBe(args)
    }
  })

  it('without pollution a hole stays a hole too', () => {
    const args = { list: holey('1', '3') }
    const output = coerceToolArgs(schema, args) as { list: unknown[] }
    expect(Object.hasOwn(output.list, 1)).toBe(false)
    expect(output.list.length).toBe(3)
  })
})

describe('arguments that share objects are walked once per object, not once per path', () => {
  const schema = deepFreeze({
    $defs: {
      Node: { type: 'object', properties: { a: { $ref: '#/$defs/Node' }, b: { $ref: '#/$defs/Node' }, n: integer } },
    },
    $ref: '#/$defs/Node',
  })

  const dag = (levels: number): Record<string, unknown> => {
    let node: Record<string, unknown> = { n: '1' }
    for (let level = 0; level < levels; level++) node = { a: node, b: node, n: '1' }
    return node
  }

  it.each(['a', 'b', 'ab', 'ba'])('a DAG of 24 levels (2^24 paths) comes back coerced along %s...', (turns) => {
    for (let call = 0; call < 2; call++) {
      const output = coerceToolArgs(schema, dag(24)) as Record<string, unknown>
      let node = output
      for (let level = 0; level < 24; level++) {
        expect(node['n']).toBe(1)
        node = node[turns[level % turns.length]!] as Record<string, unknown>
      }
      expect(node).toEqual({ n: 1 })
    }
  })

  it('its patch is one replace of the root', () => {
    const args = dag(24)
    const { args: output, patch } = coerceToolArgsWithPatch(schema, args)
    expect(patch).toEqual([{ op: 'replace', path: '', value: output }])
  })

  it('a cycle with two back-references ends at the depth bound in linear time', () => {
    const args: Record<string, unknown> = { n: '1' }
    args['a'] = args
    args['b'] = args
    const output = coerceToolArgs(schema, args) as Record<string, Record<string, unknown>>
    expect(output['n']).toBe(1)
    expect(output['a']!['n']).toBe(1)
    expect(output['b']!['n']).toBe(1)
    expect(coerceToolArgsWithPatch(schema, args).patch).toHaveLength(1)
  })

  it('a DAG under a union of object branches: telling which branch it fits is bounded too', () => {
    const node = { $ref: '#/$defs/Node' }
    const branch = (tag: string): object => ({ type: 'object', properties: { t: { const: tag }, a: node, b: node } })
    const union = deepFreeze({
      $defs: schema.$defs,
      type: 'object',
      properties: { v: { anyOf: [branch('x'), branch('y')] } },
    })
    const shared = dag(24)
    const output = coerceToolArgs(union, { v: { t: 'y', a: shared, b: shared } }) as {
      v: Record<string, Record<string, unknown>>
    }
    expect(output.v['a']!['n']).toBe(1)
    expect(output.v['t']).toBe('y')
  })

  it('the same data as a tree keeps its patch of one replace per position', () => {
    const args = JSON.parse(JSON.stringify(dag(3))) as object
    const { args: output, patch } = coerceToolArgsWithPatch(schema, args)
    expect(patch).toHaveLength(15)
    expect(applyReportedPatch(args, patch)).toEqual(output)
  })
})

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

describe('structural sharing and purity', () => {
  const schema = deepFreeze({
    type: 'object',
    properties: {
      n: integer,
      keep: { type: 'object', properties: { m: integer } },
      list: { type: 'array', items: integer },
    },
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
    for (const args of [
      { n: '1', list: ['2'] },
      { list: ['2'], n: '1' },
      { list: ['2'] },
      { n: '1', list: ['2'], x: 1 },
    ]) {
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
    const schema = deepFreeze({
      type: 'object',
      properties: { v: property },
      $defs: { Loop: { $ref: '#/$defs/Loop' } },
    })
    const args = deepFreeze({ v: '5' })
    expect(coerceToolArgs(schema, args)).toBe(args)
  })

  it('a ref to a boolean schema: true admits anything, false coerces nothing', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: { t: { $ref: '#/$defs/T' }, f: { $ref: '#/$defs/F' } },
      $defs: { T: true, F: false },
    })
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
    const args = deepFreeze(
      JSON.parse(
        '{"__proto__": "1", "constructor": "2", "prototype": "3", "inner": "{\\"__proto__\\": \\"4\\"}"}',
      ) as object,
    )
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
    Object.defineProperty(Object.prototype, 'polluted', {
      value: '3',
      enumerable: true,
      writable: true,
      configurable: true,
    })
    let output: object
    try {
      output = coerceToolArgs(plainSchema, { a: '1' }) as object
    } finally {
      delete (Object.prototype as Record<string, unknown>)['polluted']
    }
    expect(Object.hasOwn(output, 'polluted')).toBe(false)
    expect(output).toEqual({ a: 1 })
  })

  // The generated code asks Object.prototype whether it holds a name before it trusts `in` on the copy.
  it.each([
    ['first', { polluted: integer, a: integer }],
    ['after another change', { a: integer, polluted: integer }],
  ])('an own key that a polluted Object.prototype also holds is still coerced (%s)', (_, properties) => {
    const plainSchema = deepFreeze({ type: 'object', properties })
    const args = deepFreeze({ a: '1', polluted: '2' })
    expect(coerceToolArgs(plainSchema, args)).toEqual({ a: 1, polluted: 2 })
    Object.defineProperty(Object.prototype, 'polluted', { value: '3', writable: true, configurable: true })
    let output: object
    try {
      output = coerceToolArgs(plainSchema, args) as object
    } finally {
      delete (Object.prototype as Record<string, unknown>)['polluted']
    }
    expect(output).toEqual({ a: 1, polluted: 2 })
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
    const schema = {
      $defs: { A: { type: 'object', properties: { a: { $ref: '#/$defs/A' }, n: integer } } },
      $ref: '#/$defs/A',
    }
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
    const schema = {
      $defs: { A: { type: 'object', properties: { self: { $ref: '#/$defs/A' }, n: integer } } },
      $ref: '#/$defs/A',
    }
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
