import { describe, it } from 'vitest'
import { expectCoercion } from './test-support/check.js'

// Each row: property schema, value the model sent, value the tool receives,
// and whether that value validates (ajv decides; rows that stay invalid are
// the "cannot be coerced, left as it was" cases).
type Row = [title: string, property: object, sent: unknown, received: unknown, valid: boolean]

function run(rows: Row[]): void {
  it.each(rows)('%s', (_title, property, sent, received, valid) => {
    const schema = { type: 'object', properties: { value: property } }
    expectCoercion(schema, { value: sent }, { value: received }, { valid })
  })
}

const integer = { type: 'integer' }
const number = { type: 'number' }

describe('rule 2: integer and number from a string in JSON number grammar', () => {
  run([
    ['"5" becomes 5 for integer', integer, '5', 5, true],
    ['surrounding whitespace is trimmed', integer, '  42\n', 42, true],
    ['a leading + is allowed', integer, '+7', 7, true],
    ['a negative integer', integer, '-12', -12, true],
    ['"5.0" is integral', integer, '5.0', 5, true],
    ['"1e3" is integral', integer, '1e3', 1000, true],
    ['"5.5" is not an integer and stays', integer, '5.5', '5.5', false],
    ['"5.5" becomes 5.5 for number', number, '5.5', 5.5, true],
    ['"-0.25e-2" for number', number, '-0.25e-2', -0.0025, true],
    ['MAX_SAFE_INTEGER itself converts', integer, '9007199254740991', 9007199254740991, true],
    ['an upper-case exponent with a sign', integer, '1E+2', 100, true],
    ['a negative exponent for number', number, '0.5e-3', 0.0005, true],
    ['zero', integer, '0', 0, true],
  ])
})

describe('rule 2: JavaScript Number() traps never become numbers', () => {
  run([
    ['"" (Number gives 0)', integer, '', '', false],
    ['blanks (Number gives 0)', number, '   ', '   ', false],
    ['"0x10" (Number gives 16)', integer, '0x10', '0x10', false],
    ['"0b11" (Number gives 3)', integer, '0b11', '0b11', false],
    ['"0o7" (Number gives 7)', integer, '0o7', '0o7', false],
    ['"1_000" (numeric separator)', integer, '1_000', '1_000', false],
    ['"Infinity"', number, 'Infinity', 'Infinity', false],
    ['"-Infinity"', number, '-Infinity', '-Infinity', false],
    ['"NaN"', number, 'NaN', 'NaN', false],
    ['"1e400" (overflows to Infinity)', number, '1e400', '1e400', false],
    [
      '"12345678901234567890" (beyond MAX_SAFE_INTEGER: precision loss)',
      integer,
      '12345678901234567890',
      '12345678901234567890',
      false,
    ],
    ['"9007199254740993" for number too', number, '9007199254740993', '9007199254740993', false],
    ['"07" (leading zero is not JSON)', integer, '07', '07', false],
    ['".5" (JSON needs a digit before the point)', number, '.5', '.5', false],
    ['"5." (JSON needs a digit after the point)', number, '5.', '5.', false],
    ['"5 apples"', integer, '5 apples', '5 apples', false],
    ['"++5"', integer, '++5', '++5', false],
    ['"00"', integer, '00', '00', false],
    ['a lone sign', integer, '-', '-', false],
    ['an exponent without digits', number, '1e', '1e', false],
    ['"1.e5"', number, '1.e5', '1.e5', false],
    ['a non-breaking space inside', integer, '1\u00a02', '1\u00a02', false],
    ['a fractional number stays for integer', integer, 5.5, 5.5, false],
    ['null is not 0 (ajv coerceTypes would say 0)', integer, null, null, false],
    ['true is not 1', integer, true, true, false],
  ])
})

describe('rule 3: boolean from "true" / "false" only', () => {
  const boolean = { type: 'boolean' }
  run([
    ['"true"', boolean, 'true', true, true],
    ['"false"', boolean, 'false', false, true],
    ['any case', boolean, 'TRUE', true, true],
    ['mixed case and spaces', boolean, ' False ', false, true],
    ['padded to 12 characters', boolean, '    true    ', true, true],
    ['padded past 12 characters stays', boolean, '     true    ', '     true    ', false],
    ['"1" stays', boolean, '1', '1', false],
    ['"0" stays', boolean, '0', '0', false],
    ['"yes" stays', boolean, 'yes', 'yes', false],
    ['"" stays', boolean, '', '', false],
    ['1 stays', boolean, 1, 1, false],
  ])
})

describe('rule 4: null from "null" where null is admitted', () => {
  run([
    ['type "null"', { type: 'null' }, 'null', null, true],
    ['a type list with null', { type: ['integer', 'null'] }, ' NULL ', null, true],
    ['nullable: true (OpenAPI, which ajv also knows)', { type: 'integer', nullable: true }, 'null', null, true],
    ['an anyOf null branch', { anyOf: [{ type: 'integer' }, { type: 'null' }] }, 'null', null, true],
    ['not where null is not admitted', integer, 'null', 'null', false],
    ['"none" is not null', { type: 'null' }, 'none', 'none', false],
    ['padded past 12 characters stays', { type: ['integer', 'null'] }, '\tnull        ', '\tnull        ', false],
  ])
})

describe('rule 1: a value the schema already admits is left alone', () => {
  run([
    ['"07030" stays a string for ["string","integer"]', { type: ['string', 'integer'] }, '07030', '07030', true],
    [
      '"5" stays for an anyOf with a string branch',
      { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      '5',
      '5',
      true,
    ],
    ['"true" stays for ["string","boolean"]', { type: ['string', 'boolean'] }, 'true', 'true', true],
    ['"null" stays where a string is admitted', { type: ['string', 'null'] }, 'null', 'null', true],
    ['"{}" stays where a string is admitted', { type: ['string', 'object'] }, '{}', '{}', true],
    ['a number stays a number', number, 3.5, 3.5, true],
    ['no type: anything passes', { description: 'free' }, '5', '5', true],
    ['true schema', {}, 'true', 'true', true],
  ])
})

describe('rule 5: object and array from a JSON string', () => {
  const labels = { type: 'object', properties: { labels: { type: 'array', items: { type: 'string' } } } }
  const requiredName = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }
  run([
    ['an object', labels, '{"labels": ["a"]}', { labels: ['a'] }, true],
    ['an array', { type: 'array', items: integer }, '[1, "2"]', [1, 2], true],
    ['a JSON string inside a JSON string', labels, '{"labels": "[\\"a\\", \\"b\\"]"}', { labels: ['a', 'b'] }, true],
    ['surrounding whitespace', labels, ' \n{"labels": []} ', { labels: [] }, true],
    ['whitespace before only', { type: 'array' }, '\t[1]', [1], true],
    ['whitespace after only, any Unicode space', { type: 'array' }, '[1]\u00a0', [1], true],
    ['a blank string is {} when nothing is required', labels, '  ', {}, true],
    ['a blank string stays when a property is required', requiredName, '', '', false],
    ['an array string where an object is asked for stays', labels, '[1]', '[1]', false],
    ['invalid JSON stays', labels, '{"labels": [}', '{"labels": [}', false],
    ['an object schema does not parse "5"', labels, '5', '5', false],
    ['not where a string is admitted', { type: ['object', 'string'] }, '{"a":1}', '{"a":1}', true],
  ])
})

describe('rule 6: a lone value where only an array is admitted', () => {
  const integers = { type: 'array', items: integer }
  run([
    ['a scalar is wrapped and its item coerced', integers, '5', [5], true],
    ['a number is wrapped', integers, 5, [5], true],
    ['an object is wrapped', { type: 'array', items: { type: 'object' } }, { a: 1 }, [{ a: 1 }], true],
    [
      'a JSON object string for an array of objects is parsed as the item',
      { type: 'array', items: { type: 'object', properties: { a: integer } } },
      '{"a": "1"}',
      [{ a: 1 }],
      true,
    ],
    ['a JSON array string is parsed first (rule 5)', integers, '[1,2]', [1, 2], true],
    ['a nullable array wraps too, null stays', { type: ['array', 'null'], items: integer }, '3', [3], true],
    ['null stays null', { type: ['array', 'null'], items: integer }, null, null, true],
    ['no wrap where a string is also admitted', { type: ['array', 'string'] }, 'x', 'x', true],
    ['tuples wrap into their first position', { type: 'array', prefixItems: [integer] }, '4', [4], true],
  ])
})

describe('rule 7: number or boolean where only a string is admitted', () => {
  const string = { type: 'string' }
  run([
    ['a number becomes its string', string, 7030, '7030', true],
    ['a fraction', string, 1.5, '1.5', true],
    ['a boolean', string, false, 'false', true],
    ['nullable string', { type: ['string', 'null'] }, 12, '12', true],
    ['an enum of strings admits only a listed result', { type: 'string', enum: ['1', '2'] }, 1, '1', true],
    ['a result outside the enum is not produced', { type: 'string', enum: ['a'] }, 1, 1, false],
    ['null stays null', string, null, null, false],
    ['an object stays', string, { a: 1 }, { a: 1 }, false],
  ])
})

describe('enum and const guide scalar coercion', () => {
  run([
    ['an integer enum', { enum: [1, 2, 3] }, '2', 2, true],
    ['a const', { const: true }, 'true', true, true],
    ['a parsed value outside the enum stays a string', { type: 'integer', enum: [1, 2] }, '4', '4', false],
  ])
})

describe('rule 9: recursion reaches every position', () => {
  it.each([
    [
      'properties at depth',
      {
        type: 'object',
        properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { c: integer } } } } },
      },
      { a: { b: { c: '1' } } },
      { a: { b: { c: 1 } } },
    ],
    [
      'patternProperties',
      { type: 'object', patternProperties: { '^n_': integer } },
      { n_a: '1', other: '2' },
      { n_a: 1, other: '2' },
    ],
    [
      'additionalProperties (dict[str, int])',
      { type: 'object', additionalProperties: integer },
      { a: '1', b: '2' },
      { a: 1, b: 2 },
    ],
    [
      'properties win over additionalProperties',
      { type: 'object', properties: { s: { type: 'string' } }, additionalProperties: integer },
      { s: 5, n: '5' },
      { s: '5', n: 5 },
    ],
    ['items', { type: 'array', items: { type: 'boolean' } }, ['true', false, 'FALSE'], [true, false, false]],
    [
      'prefixItems then items',
      { type: 'array', prefixItems: [integer, { type: 'boolean' }], items: { type: 'string' } },
      ['1', 'true', 3],
      [1, true, '3'],
    ],
    [
      'unknown keys pass through untouched',
      { type: 'object', properties: { a: integer } },
      { a: '1', extra: '2' },
      { a: 1, extra: '2' },
    ],
    [
      'allOf members are merged',
      { allOf: [{ type: 'object', properties: { a: integer } }, { properties: { b: { type: 'boolean' } } }] },
      { a: '1', b: 'true' },
      { a: 1, b: true },
    ],
  ])('%s', (_title, schema, sent, received) => {
    expectCoercion(schema, sent, received, { valid: true })
  })

  it('draft-7 tuple items and additionalItems', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: [{ type: 'integer' }, { type: 'boolean' }],
      additionalItems: { type: 'number' },
    }
    expectCoercion(schema, ['1', 'true', '2.5', '3'], [1, true, 2.5, 3], { valid: true })
  })

  it('the root itself may arrive as a JSON string', () => {
    expectCoercion({ type: 'object', properties: { n: integer } }, '{"n": "3"}', { n: 3 }, { valid: true })
  })
})
