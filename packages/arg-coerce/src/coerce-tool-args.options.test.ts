import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coerceToolArgs } from './coerce-tool-args.js'
import { coerceToolArgsWithPatch } from './coerce-tool-args-with-patch.js'
import type { CoerceToolArgsOptions } from './index.js'
import { codegen } from './internal/generate.js'
import { applyReportedPatch, jsonClone, validatorFor } from './test-support/check.js'

// The three opt-in options. Every row runs the full contract under the
// option: the output, ajv's verdict on it, the same object back when nothing
// changes, coercing twice equals coercing once, and the reported patch
// applied with fast-json-patch gives the output. The same input without the
// option is checked too, so each row also shows what the option changes.

const untyped: CoerceToolArgsOptions = { parseUntypedJson: true }
const stringify: CoerceToolArgsOptions = { stringifyStructures: true }
const loose: CoerceToolArgsOptions = { looseBooleans: true }

function expectWith(
  options: CoerceToolArgsOptions,
  schema: object,
  input: unknown,
  expected: unknown,
  valid: boolean,
): void {
  deepFreeze(schema)
  deepFreeze(input)
  const output = coerceToolArgs(schema, input, options)
  expect(output).toEqual(expected)
  expect(validatorFor(schema)(expected), 'ajv validity of the expected output').toBe(valid)
  if (JSON.stringify(input) === JSON.stringify(expected) && typeof input === typeof expected) expect(output).toBe(input)
  expect(coerceToolArgs(schema, output, options), 'coercing twice equals coercing once').toBe(output)
  const { args, patch } = coerceToolArgsWithPatch(schema, input, options)
  expect(args).toEqual(output)
  expect(applyReportedPatch(input, patch)).toEqual(output)
}

// Each row: property schema, value the model sent, value the tool receives
// with the option on, the value it receives without it, and whether the
// value received with the option validates.
type Row = [title: string, property: object, sent: unknown, received: unknown, without: unknown, valid: boolean]

function run(options: CoerceToolArgsOptions, rows: Row[]): void {
  it.each(rows)('%s', (_title, property, sent, received, without, valid) => {
    const schema = { type: 'object', properties: { value: property } }
    expectWith(options, schema, { value: sent }, { value: received }, valid)
    expect(coerceToolArgs(schema, { value: sent })).toEqual({ value: without })
  })
}

// Root rows: the whole schema and the whole arguments.
type RootRow = [title: string, schema: object, sent: unknown, received: unknown, valid: boolean]

function runRoot(options: CoerceToolArgsOptions, rows: RootRow[]): void {
  it.each(rows)('%s', (_title, schema, sent, received, valid) => {
    expectWith(options, schema, sent, received, valid)
  })
}

const text = (value: unknown): string => JSON.stringify(value)

describe('every option is off by default', () => {
  type Name = 'parseUntypedJson' | 'stringifyStructures' | 'looseBooleans'
  it.each<[title: string, name: Name, property: object, sent: unknown]>([
    ["parseUntypedJson: an object's text", 'parseUntypedJson', {}, '{"a": 1}'],
    ["parseUntypedJson: an array's text", 'parseUntypedJson', {}, '[1, 2]'],
    ['stringifyStructures: an object', 'stringifyStructures', { type: 'string' }, { a: 1 }],
    ['stringifyStructures: an array', 'stringifyStructures', { type: 'string' }, [1]],
    ['looseBooleans: "yes"', 'looseBooleans', { type: 'boolean' }, 'yes'],
    ['looseBooleans: "0"', 'looseBooleans', { type: 'boolean' }, '0'],
  ])('%s stays without the option, with it false or undefined', (_title, name, property, sent) => {
    const schema = deepFreeze({ type: 'object', properties: { value: property } })
    const args = deepFreeze({ value: sent })
    expect(coerceToolArgs(schema, args)).toBe(args)
    expect(coerceToolArgs(schema, args, { [name]: false })).toBe(args)
    expect(coerceToolArgs(schema, args, { [name]: undefined })).toBe(args)
    expect(coerceToolArgs(schema, args, { [name]: true })).not.toBe(args)
  })
})

describe('parseUntypedJson: JSON text where the schema says nothing of the type', () => {
  run(untyped, [
    ['an object from its JSON text at {}', {}, '{"a": 1}', { a: 1 }, '{"a": 1}', true],
    ['an array from its JSON text at {}', {}, '[1, "2"]', [1, '2'], '[1, "2"]', true],
    ['surrounding whitespace is trimmed', {}, ' \n[true] ', [true], ' \n[true] ', true],
    ['a schema of a description only is untyped', { description: 'anything' }, '{}', {}, '{}', true],
    ['the text of a number stays a string', {}, '5', '5', '5', true],
    ['the text of a boolean stays a string', {}, 'true', 'true', 'true', true],
    ['the text of null stays a string', {}, 'null', 'null', 'null', true],
    ['the text of a JSON string stays as sent', {}, '"a"', '"a"', '"a"', true],
    ['text that is not JSON stays', {}, '{oops', '{oops', '{oops', true],
    ['an empty string stays', {}, '', '', '', true],
    ['prose stays', {}, 'hello [world]', 'hello [world]', 'hello [world]', true],
    ['a union of untyped branches is untyped', { anyOf: [{}, {}] }, '{"a": 1}', { a: 1 }, '{"a": 1}', true],
    [
      'a union of untyped branches: the parsed object goes to the branch that declares its keys',
      { anyOf: [{ properties: { a: { type: 'integer' } } }, { properties: { b: { type: 'integer' } } }] },
      '{"b": "1"}',
      { b: 1 },
      '{"b": "1"}',
      true,
    ],
    [
      'an untyped branch beside an integer one: JSON text parsed',
      { anyOf: [{ type: 'integer' }, {}] },
      '[1]',
      [1],
      '[1]',
      true,
    ],
    [
      'an untyped branch beside an integer one: "5" stays text',
      { anyOf: [{ type: 'integer' }, {}] },
      '5',
      '5',
      '5',
      true,
    ],
    ['a string branch keeps the text as it is', { anyOf: [{ type: 'string' }, {}] }, '[1]', '[1]', '[1]', true],
    [
      "the parsed object is coerced by the position's properties",
      { properties: { n: { type: 'integer' } } },
      '{"n": "3", "m": "4"}',
      { n: 3, m: '4' },
      '{"n": "3", "m": "4"}',
      true,
    ],
    [
      "the parsed array is coerced by the position's items",
      { items: { type: 'integer' } },
      '["3", 4]',
      [3, 4],
      '["3", 4]',
      true,
    ],
    [
      'JSON text inside JSON text, where the inner position is untyped too',
      { properties: { inner: { properties: { n: { type: 'integer' } } } } },
      text({ inner: text({ n: '4' }) }),
      { inner: { n: 4 } },
      text({ inner: text({ n: '4' }) }),
      true,
    ],
    [
      'JSON text inside JSON text stays where the inner position says nothing at all (no children)',
      {},
      text({ inner: '[1]' }),
      { inner: '[1]' },
      text({ inner: '[1]' }),
      true,
    ],
    [
      'an already parsed object is left alone, its children coerced',
      { properties: { n: { type: 'integer' } } },
      { n: '3' },
      { n: 3 },
      { n: 3 },
      true,
    ],
    [
      'an enum makes the position typed: the text stays',
      { enum: ['{"a":1}', 2] },
      '{"a":1}',
      '{"a":1}',
      '{"a":1}',
      true,
    ],
    ['a const makes the position typed: the text stays', { const: '[]' }, '[]', '[]', '[]', true],
    ['a string position keeps its string', { type: 'string' }, '{"a": 1}', '{"a": 1}', '{"a": 1}', true],
    ['an object position parses as it always does (rule 5)', { type: 'object' }, '{"a": 1}', { a: 1 }, { a: 1 }, true],
    [
      'a union of untyped and null is untyped',
      { anyOf: [{}, { type: 'null' }] },
      '{"a": 1}',
      { a: 1 },
      '{"a": 1}',
      true,
    ],
    [
      'a union of null and untyped keeps "null" as text: the untyped branch admits the string',
      { anyOf: [{ type: 'null' }, { properties: { n: { type: 'integer' } } }] },
      'null',
      'null',
      'null',
      true,
    ],
    [
      'the items of an array of untyped values',
      { type: 'array', items: {} },
      ['{"a": 1}', 'x', '[2]', '7'],
      [{ a: 1 }, 'x', [2], '7'],
      ['{"a": 1}', 'x', '[2]', '7'],
      true,
    ],
    [
      'the prefix items of a tuple',
      { type: 'array', prefixItems: [{}, { type: 'string' }] },
      ['[1]', '[2]'],
      [[1], '[2]'],
      ['[1]', '[2]'],
      true,
    ],
    [
      'the values of additionalProperties: {}',
      { type: 'object', additionalProperties: {} },
      { a: '{"b": 2}', c: 'd' },
      { a: { b: 2 }, c: 'd' },
      { a: '{"b": 2}', c: 'd' },
      true,
    ],
  ])

  runRoot(untyped, [
    ['the root {} itself', {}, '{"a": "1"}', { a: '1' }, true],
    ['an untyped root with properties', { properties: { n: { type: 'integer' } } }, '{"n": "1"}', { n: 1 }, true],
    ['an untyped root keeps the text of a number', {}, '12', '12', true],
    [
      'an untyped position reached through $ref',
      { type: 'object', properties: { meta: { $ref: '#/$defs/Meta' } }, $defs: { Meta: { description: 'free-form' } } },
      { meta: '{"a": 1}' },
      { meta: { a: 1 } },
      true,
    ],
    [
      'an allOf of untyped members is untyped',
      { type: 'object', properties: { meta: { allOf: [{ description: 'a' }, { title: 'b' }] } } },
      { meta: '[1]' },
      { meta: [1] },
      true,
    ],
  ])
})

describe('stringifyStructures: an object or array where only a string is admitted', () => {
  run(stringify, [
    [
      'an object becomes its JSON text',
      { type: 'string' },
      { a: 1, b: ['x'] },
      '{"a":1,"b":["x"]}',
      { a: 1, b: ['x'] },
      true,
    ],
    ['an array becomes its JSON text', { type: 'string' }, [1, 'a', null], '[1,"a",null]', [1, 'a', null], true],
    ['an empty object', { type: 'string' }, {}, '{}', {}, true],
    [
      'strings inside stay JSON text inside the text (nothing is parsed first)',
      { type: 'string' },
      { a: '{"b":1}' },
      '{"a":"{\\"b\\":1}"}',
      { a: '{"b":1}' },
      true,
    ],
    ['a nullable string', { type: ['string', 'null'] }, { a: 1 }, '{"a":1}', { a: 1 }, true],
    ['nullable: true', { type: 'string', nullable: true }, [1], '[1]', [1], true],
    ['anyOf string or null', { anyOf: [{ type: 'string' }, { type: 'null' }] }, { a: 1 }, '{"a":1}', { a: 1 }, true],
    ['anyOf null or string', { anyOf: [{ type: 'null' }, { type: 'string' }] }, [2], '[2]', [2], true],
    ['null stays null at a nullable string', { type: ['string', 'null'] }, null, null, null, true],
    ['a text in the enum is produced', { type: 'string', enum: ['{"a":1}', 'x'] }, { a: 1 }, '{"a":1}', { a: 1 }, true],
    [
      'a text outside the enum is not: the object stays',
      { type: 'string', enum: ['x', 'y'] },
      { a: 1 },
      { a: 1 },
      { a: 1 },
      false,
    ],
    ['a const is an enum of one', { const: '[]' }, [], '[]', [], true],
    [
      'where an object is admitted too, an object stays',
      { type: ['string', 'object'] },
      { a: 1 },
      { a: 1 },
      { a: 1 },
      true,
    ],
    ['where an array is admitted too, an array stays', { type: ['string', 'array'] }, [1], [1], [1], true],
    [
      'where an object is admitted too, an array (not admitted) stays',
      { type: ['string', 'object'] },
      [1],
      [1],
      [1],
      false,
    ],
    ['a number still becomes its string (rule 7)', { type: 'string' }, 5, '5', '5', true],
    [
      'items of an array of strings',
      { type: 'array', items: { type: 'string' } },
      [{ a: 1 }, 'x', 2, [true]],
      ['{"a":1}', 'x', '2', '[true]'],
      [{ a: 1 }, 'x', '2', [true]],
      true,
    ],
    [
      'a nested string position',
      { type: 'object', properties: { inner: { type: 'object', properties: { note: { type: 'string' } } } } },
      { inner: { note: { by: 'model' } } },
      { inner: { note: '{"by":"model"}' } },
      { inner: { note: { by: 'model' } } },
      true,
    ],
    ['an untyped position is not a string position: the object stays', {}, { a: 1 }, { a: 1 }, { a: 1 }, true],
  ])

  runRoot(stringify, [
    ['the root itself', { type: 'string' }, { a: 1 }, '{"a":1}', true],
    ['a root array', { type: ['string', 'null'] }, ['a'], '["a"]', true],
  ])

  it('a structure of 10,000 values (counted as a tree) becomes its text', () => {
    const schema = deepFreeze({ type: 'string' })
    const sent = deepFreeze(Array.from({ length: 9_999 }, (_, index) => index)) // the array and its 9,999 items
    const output = coerceToolArgs(schema, sent, stringify)
    expect(output).toBe(JSON.stringify(sent))
  })

  it('a structure of 10,001 values stays as sent', () => {
    const schema = deepFreeze({ type: 'string' })
    const sent = deepFreeze(Array.from({ length: 10_000 }, (_, index) => index)) // the array and its 10,000 items
    expect(coerceToolArgs(schema, sent, stringify)).toBe(sent)
  })

  it('a structure of many more values than 10,000 stays as sent', () => {
    const schema = deepFreeze({ type: 'string' })
    const sent = deepFreeze(Array.from({ length: 20_000 }, (_, index) => index))
    expect(coerceToolArgs(schema, sent, stringify)).toBe(sent)
    expect(coerceToolArgsWithPatch(schema, sent, stringify).patch).toEqual([])
  })

  it('an object shared at many positions counts once per position, so a wide DAG stays', () => {
    // 2^20 paths through 20 objects: counted as a tree it is far past the bound.
    let shared: object = { leaf: 1 }
    for (let level = 0; level < 20; level++) shared = { left: shared, right: shared }
    const schema = deepFreeze({ type: 'string' })
    deepFreeze(shared)
    expect(coerceToolArgs(schema, shared, stringify)).toBe(shared)
  })

  const cyclic: Record<string, unknown> = { name: 'a' }
  cyclic['self'] = cyclic
  it.each([
    ['a cycle', cyclic],
    ['a BigInt', { size: 10n }],
    [
      'a throwing toJSON',
      {
        toJSON: () => {
          throw new Error('refused')
        },
      },
    ],
    ['a toJSON that gives undefined (no text)', { toJSON: () => undefined }],
    [
      'a throwing getter',
      Object.defineProperty({}, 'boom', {
        enumerable: true,
        get: () => {
          throw new Error('getter')
        },
      }),
    ],
  ])('%s has no JSON text and stays as sent', (_title, value) => {
    const schema = deepFreeze({ type: 'object', properties: { value: { type: 'string' } } })
    const sent = deepFreeze({ value })
    expect(coerceToolArgs(schema, sent, stringify)).toBe(sent)
    expect(coerceToolArgsWithPatch(schema, sent, stringify)).toEqual({ args: sent, patch: [] })
  })
})

describe('looseBooleans: "yes" / "no" / "1" / "0" at a boolean position', () => {
  const boolean = { type: 'boolean' }
  run(loose, [
    ['"yes" is true', boolean, 'yes', true, 'yes', true],
    ['"no" is false', boolean, 'no', false, 'no', true],
    ['"1" is true', boolean, '1', true, '1', true],
    ['"0" is false', boolean, '0', false, '0', true],
    ['any case, trimmed', boolean, ' YeS\n', true, ' YeS\n', true],
    ['"NO" in capitals', boolean, 'NO', false, 'NO', true],
    ['"true" and "false" still work', boolean, ' True ', true, true, true],
    ['"y" is not a word of the list', boolean, 'y', 'y', 'y', false],
    ['"on" is not either', boolean, 'on', 'on', 'on', false],
    ['"01" is not "1"', boolean, '01', '01', '01', false],
    ['"1.0" is not "1"', boolean, '1.0', '1.0', '1.0', false],
    ['"yes please" is not "yes"', boolean, 'yes please', 'yes please', 'yes please', false],
    ['the number 1 is not a word: it stays', boolean, 1, 1, 1, false],
    ['integer is admitted too: the number rule wins for "1"', { type: ['integer', 'boolean'] }, '1', 1, 1, true],
    ['number is admitted too: the number rule wins for "0"', { type: ['boolean', 'number'] }, '0', 0, 0, true],
    ['integer is admitted too: "yes" is still true', { type: ['integer', 'boolean'] }, 'yes', true, 'yes', true],
    ['anyOf integer, boolean: "1" is 1', { anyOf: [{ type: 'integer' }, boolean] }, '1', 1, 1, true],
    ['anyOf integer, boolean: "no" is false', { anyOf: [{ type: 'integer' }, boolean] }, 'no', false, 'no', true],
    [
      'anyOf boolean, integer (boolean first): "1" is still 1',
      { anyOf: [boolean, { type: 'integer' }] },
      '1',
      1,
      1,
      true,
    ],
    [
      'oneOf boolean, number (boolean first): "0" is still 0',
      { oneOf: [boolean, { type: 'number' }] },
      '0',
      0,
      0,
      true,
    ],
    [
      'anyOf boolean, integer (boolean first): "yes" is true',
      { anyOf: [boolean, { type: 'integer' }] },
      'yes',
      true,
      'yes',
      true,
    ],
    ['where a string is admitted, "yes" stays a string', { type: ['string', 'boolean'] }, 'yes', 'yes', 'yes', true],
    ['a nullable boolean', { type: ['boolean', 'null'] }, 'no', false, 'no', true],
    ['nullable: true', { type: 'boolean', nullable: true }, 'YES', true, 'YES', true],
    ['anyOf boolean or null', { anyOf: [boolean, { type: 'null' }] }, '0', false, '0', true],
    ['anyOf null or boolean, "null" is still null', { anyOf: [{ type: 'null' }, boolean] }, 'null', null, null, true],
    ['an enum is respected: "no" stays for enum [true]', { type: 'boolean', enum: [true] }, 'no', 'no', 'no', false],
    ['an enum is respected: "yes" is in enum [true]', { type: 'boolean', enum: [true] }, 'yes', true, 'yes', true],
    ['a const is respected', { const: false }, '1', '1', '1', false],
    [
      'items of an array of booleans',
      { type: 'array', items: boolean },
      ['yes', 'no', '1', '0', 'true', 'maybe'],
      [true, false, true, false, true, 'maybe'],
      ['yes', 'no', '1', '0', true, 'maybe'],
      false,
    ],
    [
      'a lone word where an array of booleans is asked for (rule 6)',
      { type: 'array', items: boolean },
      'no',
      [false],
      ['no'],
      true,
    ],
    [
      'a nested boolean',
      { type: 'object', properties: { flags: { type: 'object', properties: { dry: boolean } } } },
      { flags: { dry: 'Yes' } },
      { flags: { dry: true } },
      { flags: { dry: 'Yes' } },
      true,
    ],
    [
      'inside JSON text of an object',
      { type: 'object', properties: { dry: boolean } },
      '{"dry": "0"}',
      { dry: false },
      { dry: '0' },
      true,
    ],
  ])

  runRoot(loose, [
    ['the root itself', { type: 'boolean' }, 'no', false, true],
    [
      'a root array of booleans given as JSON text',
      { type: 'array', items: { type: 'boolean' } },
      '["1", "0"]',
      [true, false],
      true,
    ],
  ])
})

describe('the three options together', () => {
  const schema = {
    type: 'object',
    properties: {
      meta: {},
      note: { type: 'string' },
      dry: { type: 'boolean' },
      list: { type: 'array', items: { properties: { ok: { type: 'boolean' }, raw: { type: 'string' } } } },
    },
  }
  runRoot({ parseUntypedJson: true, stringifyStructures: true, looseBooleans: true }, [
    [
      'each applies at its own positions',
      schema,
      { meta: '{"a": 1}', note: ['x'], dry: 'yes', list: ['{"ok": "no", "raw": {"b": 2}}'] },
      { meta: { a: 1 }, note: '["x"]', dry: true, list: [{ ok: false, raw: '{"b":2}' }] },
      true,
    ],
  ])
})

describe('options are honoured on warm calls', () => {
  // The compiled form is cached per (schema object, options): alternating
  // calls on one schema object, past the point where generated code takes
  // over, each get their own answer.
  it.each([
    ['parseUntypedJson', { type: 'object', properties: { value: {} } }, '[1]', [1]],
    ['stringifyStructures', { type: 'object', properties: { value: { type: 'string' } } }, [1], '[1]'],
    ['looseBooleans', { type: 'object', properties: { value: { type: 'boolean' } } }, 'no', false],
  ] as const)('%s, alternating on and off on one schema object', (name, schema, sent, received) => {
    deepFreeze(schema)
    const args = deepFreeze({ value: sent })
    const before = codegen.compiled
    for (let call = 0; call < codegen.after + 6; call++) {
      const on = call % 2 === 0
      const output = coerceToolArgs(
        schema,
        args,
        on ? { [name]: true } : call % 4 === 1 ? undefined : { [name]: false },
      )
      if (on) expect(output, `call ${call}`).toEqual({ value: received })
      else expect(output, `call ${call}`).toBe(args)
    }
    // The calls went past the interpreter: generated code answered some of them.
    expect(codegen.compiled).toBeGreaterThan(before)
  })

  it('every combination of the three, in turn on one schema object, gives its own answer', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: { meta: {}, note: { type: 'string' }, dry: { type: 'boolean' } },
    })
    const args = deepFreeze({ meta: '{"a": 1}', note: { b: 2 }, dry: '1' })
    for (let round = 0; round < codegen.after + 2; round++) {
      for (let mask = 0; mask < 8; mask++) {
        const options = {
          parseUntypedJson: (mask & 1) !== 0,
          stringifyStructures: (mask & 2) !== 0,
          looseBooleans: (mask & 4) !== 0,
        }
        expect(coerceToolArgs(schema, args, options), `round ${round}, ${JSON.stringify(options)}`).toEqual({
          meta: options.parseUntypedJson ? { a: 1 } : args.meta,
          note: options.stringifyStructures ? '{"b":2}' : args.note,
          dry: options.looseBooleans ? true : args.dry,
        })
      }
    }
  })

  it('the patch follows the options of its call too', () => {
    const schema = deepFreeze({ type: 'object', properties: { dry: { type: 'boolean' } } })
    const args = deepFreeze({ dry: 'yes' })
    for (let call = 0; call < codegen.after + 4; call++) {
      const on = call % 2 === 1
      expect(coerceToolArgsWithPatch(schema, args, { looseBooleans: on }).patch).toEqual(
        on ? [{ op: 'replace', path: '/dry', value: true }] : [],
      )
    }
  })
})

describe('options are checked', () => {
  it.each([
    ['parseUntypedJson', 'yes', 'string'],
    ['parseUntypedJson', 1, '1'],
    ['parseUntypedJson', null, 'null'],
    ['stringifyStructures', 0, '0'],
    ['stringifyStructures', {}, 'object'],
    ['stringifyStructures', [true], 'an array'],
    ['looseBooleans', 'true', 'string'],
    ['looseBooleans', Number.NaN, 'NaN'],
    ['looseBooleans', () => true, 'function'],
  ])('options.%s = %o throws a TypeError', (name, value, received) => {
    const call = () => coerceToolArgs({ type: 'boolean' }, 'yes', { [name]: value } as CoerceToolArgsOptions)
    expect(call).toThrow(TypeError)
    expect(call).toThrow(`coerceToolArgs: expected options.${name} to be a boolean or undefined, received ${received}`)
    expect(() => coerceToolArgsWithPatch({}, {}, { [name]: value } as CoerceToolArgsOptions)).toThrow(TypeError)
  })

  it('throws even where the schema could not use the option (it is a programmer error, not data)', () => {
    expect(() => coerceToolArgs(null, {}, { looseBooleans: 'no' } as never)).toThrow(TypeError)
  })
})

describe('with all three options on, the generated code gives what the interpreter gives (fast-check)', () => {
  it('for random schemas and values', () => {
    const all = { parseUntypedJson: true, stringifyStructures: true, looseBooleans: true }
    const { node } = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(
          {},
          { description: 'untyped' },
          { type: 'string' },
          { type: ['string', 'null'] },
          { type: 'string', enum: ['[1]', '{}', 'x'] },
          { type: 'boolean' },
          { type: ['integer', 'boolean'] },
          { type: 'boolean', enum: [false] },
          { type: 'integer' },
          { type: 'null' },
          { $ref: '#' },
        ),
        fc.record({ type: fc.constant('array'), items: tie('node') }),
        fc.record({ items: tie('node') }),
        fc.record({ properties: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node')) }),
        fc.record({
          type: fc.constant('object'),
          properties: fc.dictionary(fc.constantFrom('a', 'b', 'x y'), tie('node')),
        }),
        fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
      ),
    }))
    const leaf = fc.oneof(
      fc.constantFrom('yes', 'NO', '1', '0', 'true', 'null', '[1]', '{"a":"yes"}', '["0", {}]', '', 'x', '5'),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
    )
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'x y'), tie('value'), { maxKeys: 4 }),
      ),
    }))
    const root = fc.record({
      type: fc.constant('object'),
      properties: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'x y'), node, { minKeys: 1 }),
    })
    const rootArgs = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'x y'), value, { maxKeys: 4 })
    const before = codegen.compiled
    fc.assert(
      fc.property(root, rootArgs, (schema, sent) => {
        const args = deepFreeze(jsonClone(sent))
        const expected = coerceToolArgs(jsonClone(schema), args, { ...all, codegen: false })
        // One schema object, called until its generated code runs.
        const shared = jsonClone(schema)
        for (let call = 1; call < codegen.after; call++) coerceToolArgs(shared, args, all)
        const output = coerceToolArgs(shared, args, all)
        expect(output).toStrictEqual(expected)
        expect(output === args).toBe(expected === args)
      }),
      { numRuns: 300 },
    )
    // The comparison meant something: many of those schemas were compiled.
    expect(codegen.compiled - before).toBeGreaterThan(100)
  }, 30_000)
})
