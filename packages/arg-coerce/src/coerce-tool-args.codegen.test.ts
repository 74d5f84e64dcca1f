import { deepFreeze, refuseCodeGeneration } from '@x/test-utils'
import fc from 'fast-check'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { coerceToolArgs } from './coerce-tool-args.js'
import { codegen } from './internal/generate.js'
import { jsonClone } from './test-support/check.js'

// The generated code (internal/generated-run.ts) must give exactly what the
// interpreter gives. `{ codegen: false }` on a fresh copy of the schema is the
// interpreter; `codegen.after = 1` on another fresh copy makes the first call
// specialize every object part it can.

function interpreted(schema: unknown, args: unknown): unknown {
  return coerceToolArgs(jsonClone(schema), args, { codegen: false })
}

function generated(schema: unknown, args: unknown): { output: unknown; compiled: number } {
  const saved = codegen.after
  const before = codegen.compiled
  codegen.after = 1
  try {
    const output = coerceToolArgs(jsonClone(schema), args)
    return { output, compiled: codegen.compiled - before }
  } finally {
    codegen.after = saved
  }
}

function expectSameBothWays(schema: unknown, args: unknown): unknown {
  const expected = interpreted(schema, args)
  const { output } = generated(schema, args)
  expect(output).toStrictEqual(expected)
  expect(output === args).toBe(expected === args)
  return output
}

const integers = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((name) => [name, { type: 'integer' }])),
})

afterEach(() => {
  codegen.available = undefined
})

describe('when code is generated', () => {
  it('a schema used once costs no compilation, however many objects its arguments hold', () => {
    const schema = {
      type: 'object',
      properties: { items: { type: 'array', items: integers('n') }, inner: integers('m') },
    }
    const args = { items: Array.from({ length: 50 }, () => ({ n: '1' })), inner: { m: '2' } }
    const before = codegen.compiled
    expect(coerceToolArgs(schema, args)).toEqual({
      items: Array.from({ length: 50 }, () => ({ n: 1 })),
      inner: { m: 2 },
    })
    expect(codegen.compiled).toBe(codegen.after > 1 ? before : before + 1)
  })

  it('only from the `codegen.after`th call with a schema object on', () => {
    const schema = integers('n')
    const before = codegen.compiled
    for (let call = 1; call < codegen.after; call++) expect(coerceToolArgs(schema, { n: '1' })).toEqual({ n: 1 })
    expect(codegen.compiled).toBe(before)
    expect(coerceToolArgs(schema, { n: '2' })).toEqual({ n: 2 })
    expect(codegen.compiled).toBe(before + 1)
    for (let call = 0; call < 5; call++) expect(coerceToolArgs(schema, { n: '3' })).toEqual({ n: 3 })
    expect(codegen.compiled).toBe(before + 1)
  })

  it('never in a call made with { codegen: false }, however often; calls without it count their own calls', () => {
    const schema = integers('n')
    const before = codegen.compiled
    for (let call = 0; call < codegen.after + 20; call++)
      expect(coerceToolArgs(schema, { n: '1' }, { codegen: false })).toEqual({ n: 1 })
    expect(codegen.compiled).toBe(before)
    // The compiled form is cached per (schema, options): the first call without the option is its first call.
    for (let call = 0; call < codegen.after; call++) expect(coerceToolArgs(schema, { n: '1' })).toEqual({ n: 1 })
    expect(codegen.compiled).toBe(before + 1)
  })

  it('{ codegen: false } holds for its own call; a call made from inside it (a getter) has its own options', () => {
    const inner = integers('m')
    const outer = integers('n')
    const before = codegen.compiled
    const args = {
      get n() {
        expect(coerceToolArgs(inner, { m: '1' })).toEqual({ m: 1 })
        return '7'
      },
    }
    for (let call = 0; call < codegen.after + 2; call++)
      expect(coerceToolArgs(outer, args, { codegen: false })).toEqual({ n: 7 })
    // The getter's own calls (no options) specialized `inner` once; `outer` never was.
    expect(codegen.compiled).toBe(before + 1)
    for (let call = 0; call < codegen.after; call++) coerceToolArgs(outer, { n: '1' })
    expect(codegen.compiled).toBe(before + 2)
  })

  it('an engine that forbids it (a CSP without unsafe-eval, Cloudflare Workers): same outputs, one refused attempt per process', () => {
    const refusal = refuseCodeGeneration()
    onTestFinished(refusal.restore)
    codegen.available = undefined
    const before = codegen.compiled
    const schema = { type: 'object', properties: { n: { type: 'integer' }, inner: integers('m') } }
    for (let call = 0; call < codegen.after + 10; call++) {
      expect(coerceToolArgs(schema, { n: '1', inner: { m: '2' } })).toEqual({ n: 1, inner: { m: 2 } })
    }
    expect(refusal.attempts()).toBe(1)
    expect(codegen.available).toBe(false)
    expect(codegen.compiled).toBe(before)
  })

  it('rejects a non-boolean codegen option as a programmer error', () => {
    expect(() => coerceToolArgs({}, {}, { codegen: 'no' as unknown as boolean })).toThrow(
      new TypeError('coerceToolArgs: expected options.codegen to be a boolean or undefined, received string'),
    )
  })
})

describe("a warm call runs the root's generated code only where the root would enter the object", () => {
  const schema = deepFreeze({
    type: 'object',
    properties: { 0: { type: 'integer' }, n: { type: 'integer' }, inner: integers('m') },
  })
  function warmed(): object {
    const warm = jsonClone(schema)
    const before = codegen.compiled
    for (let call = 0; call < codegen.after + 2; call++) expect(coerceToolArgs(warm, { n: '1' })).toEqual({ n: 1 })
    expect(codegen.compiled).toBe(before + 1)
    return warm
  }
  const throwing = {
    get n(): string {
      throw new Error('a getter of the arguments')
    },
  }
  it.each([
    ['maxDepth 0: the root is not entered', deepFreeze({ n: '1' }), { maxDepth: 0 }],
    ['maxDepth 1: only the root is entered', deepFreeze({ n: '1', inner: { m: '2' } }), { maxDepth: 1 }],
    ['an array at an object-only root', deepFreeze(['1']), undefined],
    ['a throwing getter (the arguments come back)', deepFreeze(throwing), undefined],
  ])('%s', (_, args, options) => {
    const expected = coerceToolArgs(jsonClone(schema), args, { ...options, codegen: false })
    const output = coerceToolArgs(warmed(), args, options)
    expect(output).toStrictEqual(expected)
    expect(output === args).toBe(expected === args)
  })

  it('a class instance: an accessor it inherits never runs', () => {
    let reads = 0
    class Inherits {
      get n(): string {
        reads++
        return '5'
      }
    }
    const args = new Inherits()
    expect(coerceToolArgs(warmed(), args)).toBe(args)
    expect(reads).toBe(0)
  })
})

describe('generated code and the interpreter agree', () => {
  it('on property names that would break out of a string literal: they stay names, nothing runs', () => {
    const names = [
      "'",
      '"',
      '\\',
      '\\"',
      '`${globalThis.pwned = 1}`',
      '"]; globalThis.pwned = 1; //',
      "'); globalThis.pwned = 1; ('",
      '*/ globalThis.pwned = 1 /*',
      '\u2028',
      '\u2029',
      '\n',
      '\ud800',
      '</script>',
      '',
      '0',
      '-1',
      'x'.repeat(256), // the longest name generated code takes
    ]
    const schema = integers(...names)
    const args = Object.fromEntries(names.map((name) => [name, '5']))
    const { output, compiled } = generated(schema, args)
    expect(compiled).toBe(1)
    expect(output).toStrictEqual(Object.fromEntries(names.map((name) => [name, 5])))
    expect(output).toStrictEqual(interpreted(schema, args))
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined()
  })

  it('on names every object inherits: the part keeps the interpreter and they stay own keys', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"integer"},"constructor":{"type":"integer"},"toString":{"type":"boolean"},"n":{"type":"integer"}}}',
    ) as object
    const args = JSON.parse('{"__proto__":"1","constructor":"2","toString":"true","n":"3"}') as Record<string, unknown>
    const { output, compiled } = generated(schema, args)
    expect(compiled).toBe(0)
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype)
    expect(Object.entries(output as object)).toEqual([
      ['__proto__', 1],
      ['constructor', 2],
      ['toString', true],
      ['n', 3],
    ])
    expect(output).toStrictEqual(interpreted(schema, args))
  })

  it('on a value whose prototype carries declared names: read, never written into the output', () => {
    const schema = {
      type: 'object',
      properties: { n: { type: 'integer' }, inner: integers('m'), list: { type: 'array', items: { type: 'integer' } } },
    }
    const args = Object.create({ n: '5', inner: { m: '6' }, list: '7' }) as Record<string, unknown>
    args['own'] = 'x'
    const output = expectSameBothWays(schema, args)
    expect(output).toBe(args)
    const mixed = Object.assign(Object.create({ n: '5' }) as object, { inner: { m: '6' } })
    expect(expectSameBothWays(schema, mixed)).toEqual({ inner: { m: 6 } })
  })

  it('on own non-enumerable properties (for...in does not see them, so neither may the generated code)', () => {
    const schema = integers('n', 'm')
    const args = { m: '2' }
    Object.defineProperty(args, 'n', { value: '1', enumerable: false })
    const output = expectSameBothWays(schema, args) as Record<string, unknown>
    expect(Object.keys(output)).toEqual(['m'])
    expect(output['m']).toBe(2)
    const only = {}
    Object.defineProperty(only, 'n', { value: '1', enumerable: false })
    expect(expectSameBothWays(schema, only)).toBe(only)
  })

  it('on own properties holding undefined, class instances and null-prototype objects', () => {
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'integer' },
        s: { type: 'string' },
        list: { type: 'array', items: { type: 'integer' } },
        inner: integers('m'),
      },
    }
    expectSameBothWays(schema, { n: undefined, s: undefined, list: undefined, inner: undefined })
    class Args {
      n = '1'
      inner = { m: '2' }
    }
    expect(expectSameBothWays(schema, new Args())).toEqual({ n: 1, inner: { m: 2 } })
    const bare = Object.assign(Object.create(null) as object, { n: '1', s: 2 })
    expect(expectSameBothWays(schema, bare)).toEqual({ n: 1, s: '2' })
  })

  const comment = (key: string) => ({
    type: 'object',
    properties: { path: { type: 'string' }, [key]: { type: 'number' } },
    required: ['path', key],
    additionalProperties: false,
  })
  const comments = { type: 'array', items: { anyOf: [comment('position'), comment('line')] } }
  it.each([
    [
      'a map (additionalProperties only)',
      { type: 'object', additionalProperties: { type: 'integer' } },
      JSON.parse('{"a": "1", "b": 2, "__proto__": "3"}'),
      JSON.parse('{"a": 1, "b": 2, "__proto__": 3}'),
    ],
    [
      'a tuple without rest',
      { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], items: false },
      ['3', 4, '5'],
      [3, '4', '5'],
    ],
    [
      'a tuple and its rest',
      { type: 'array', prefixItems: [{ type: 'integer' }, {}], items: { type: 'boolean' } },
      ['1', 'x', 'true'],
      [1, 'x', true],
    ],
    [
      'object branches of a union',
      comments,
      [
        { path: 'a', line: '2' },
        { path: 'b', position: '3' },
      ],
      [
        { path: 'a', line: 2 },
        { path: 'b', position: 3 },
      ],
    ],
    [
      'JSON text of union branches',
      { type: 'object', properties: { c: comments } },
      { c: '[{"path": "a", "line": "2"}]' },
      { c: [{ path: 'a', line: 2 }] },
    ],
    [
      'JSON text inside JSON text',
      {
        type: 'object',
        properties: {
          a: {
            type: 'array',
            items: { type: 'object', properties: { b: { type: 'array', items: { type: 'integer' } } } },
          },
        },
      },
      { a: '[{"b": "[\\"1\\"]"}, {"b": ["2"]}]' },
      { a: [{ b: [1] }, { b: [2] }] },
    ],
  ])('on %s: walked by generated code, as the interpreter walks it', (_, schema, args, expected) => {
    const frozen = deepFreeze(args)
    expect(expectSameBothWays(schema, frozen)).toStrictEqual(expected)
    expect(generated(schema, frozen).compiled).toBeGreaterThan(0)
    expect(Object.getPrototypeOf(generated(schema, frozen).output)).toBe(Object.getPrototypeOf(expected))
  })

  it('a tuple of 100 positions keeps the interpreter: what is generated stays bounded', () => {
    const schema = { type: 'array', prefixItems: Array.from({ length: 100 }, () => ({ type: 'integer' })) }
    const { output, compiled } = generated(schema, ['1', '2'])
    expect(compiled).toBe(0)
    expect(output).toStrictEqual([1, 2])
  })

  it('past 64 declared properties: the part keeps the interpreter', () => {
    const names = Array.from({ length: 65 }, (_, index) => `p${index}`)
    const args = Object.fromEntries(names.map((name) => [name, '1']))
    const { output, compiled } = generated(integers(...names), args)
    expect(compiled).toBe(0)
    expect(output).toStrictEqual(Object.fromEntries(names.map((name) => [name, 1])))
  })

  it('on a hostile schema nested 5,000 objects deep and arguments as deep (no RangeError, same depth bound)', () => {
    // Built twice rather than cloned: the test's own deep copy would overflow.
    const nestedSchema = (levels: number): unknown => {
      let schema: unknown = { type: 'integer' }
      for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { a: schema } }
      return schema
    }
    const nestedArgs = (levels: number): unknown => {
      let args: unknown = '1'
      for (let level = 0; level < levels; level++) args = { a: args }
      return args
    }
    const saved = codegen.after
    codegen.after = 1
    try {
      for (const levels of [5_000, 40]) {
        const args = nestedArgs(levels)
        const before = codegen.compiled
        const output = coerceToolArgs(nestedSchema(levels), args)
        expect(codegen.compiled).toBeGreaterThan(before)
        expect(output).toStrictEqual(coerceToolArgs(nestedSchema(levels), args, { codegen: false }))
        // Past maxDepth (128) nothing is entered: the deep leaf stays a string, the shallow one is coerced.
        if (levels > 128) expect(output).toBe(args)
        else expect(JSON.stringify(output)).toBe(JSON.stringify(args).replace('"1"', '1'))
      }
    } finally {
      codegen.after = saved
    }
  })

  it('on recursive models and the maxDepth bound', () => {
    const schema = {
      type: 'object',
      $defs: {
        Node: {
          type: 'object',
          properties: { value: { type: 'integer' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        },
      },
      properties: { root: { $ref: '#/$defs/Node' } },
    }
    const tree = (depth: number): unknown => ({
      value: String(depth),
      children: depth === 0 ? [] : [tree(depth - 1), tree(depth - 1)],
    })
    const args = deepFreeze({ root: tree(6) })
    expectSameBothWays(schema, args)
    for (const maxDepth of [0, 1, 2, 3, 5, 8]) {
      const expected = coerceToolArgs(jsonClone(schema), args, { codegen: false, maxDepth })
      const saved = codegen.after
      codegen.after = 1
      try {
        expect(coerceToolArgs(jsonClone(schema), args, { maxDepth })).toStrictEqual(expected)
      } finally {
        codegen.after = saved
      }
    }
  })

  it('for random schemas and values (fast-check)', () => {
    const { node } = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(
          { type: 'integer' },
          { type: 'number' },
          { type: 'boolean' },
          { type: 'string' },
          { type: 'null' },
          { type: ['integer', 'null'] },
          { type: ['number', 'null'] },
          { type: 'number', nullable: true },
          {},
          { $ref: '#' },
        ),
        fc.record({ type: fc.constant('array'), items: tie('node') }),
        fc.record({ type: fc.constant('array'), prefixItems: fc.array(tie('node'), { maxLength: 2 }) }),
        fc.record({
          type: fc.constant('object'),
          properties: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'x y'), tie('node')),
        }),
        fc.record(
          {
            type: fc.constant('object'),
            properties: fc.dictionary(fc.constantFrom('a', 'b', '__proto__'), tie('node')),
            additionalProperties: tie('node'),
          },
          { requiredKeys: ['properties'] },
        ),
        fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
        fc.record({
          type: fc.constantFrom('object', 'array', 'string'),
          anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 2 }),
        }),
      ),
    }))
    const leaf = fc.oneof(
      fc.constantFrom('1', '2.5', 'true', 'null', ' 7 ', '[1]', '{"a":"1"}', '', 'x'),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    )
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'x y'), tie('value'), { maxKeys: 4 }),
      ),
    }))
    // The root is an object schema with declared properties (what tools
    // have), its arguments mostly an object of those keys.
    const root = fc.record({
      type: fc.constant('object'),
      properties: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'x y'), node, { minKeys: 1 }),
    })
    const rootArgs = fc.oneof(
      { weight: 4, arbitrary: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'x y'), value, { maxKeys: 4 }) },
      { weight: 1, arbitrary: value },
    )
    const before = codegen.compiled
    fc.assert(
      fc.property(root, rootArgs, (schema, args) => {
        expectSameBothWays(schema, deepFreeze(jsonClone(args)))
      }),
      { numRuns: 500 },
    )
    // The comparison meant something: many of those schemas were compiled.
    expect(codegen.compiled - before).toBeGreaterThan(200)
    // 500 compilations take about the default 5 s on a loaded shared
    // machine; the time is no part of what this test asserts.
  }, 30_000)
})
