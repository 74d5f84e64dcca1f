import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonFault } from './json-fault.js'

// Every message is one of these kinds and a number: nothing of the text can appear in it.
const GRAMMAR =
  /^(?:(?:unexpected end of input|unexpected character|unescaped control character in a string|invalid escape in a string|invalid number|unexpected content after the value) at position \d+|unterminated string starting at position \d+|invalid text)$/

const rejects = (text: string): boolean => {
  try {
    JSON.parse(text)
    return false
  } catch {
    return true
  }
}

describe('jsonFault', () => {
  it.each([
    ['', 'unexpected end of input at position 0'],
    ['   ', 'unexpected end of input at position 3'],
    ['{', 'unexpected end of input at position 1'],
    ['{"a"', 'unexpected end of input at position 4'],
    ['{"a":', 'unexpected end of input at position 5'],
    ['{"a": 1', 'unexpected end of input at position 7'],
    ['[1, 2', 'unexpected end of input at position 5'],
    ['{"api_key": sk-live-abc}', 'unexpected character at position 12'],
    ["{'x': 1}", 'unexpected character at position 1'],
    ['{"a": 1,}', 'unexpected character at position 8'],
    ['[1,]', 'unexpected character at position 3'],
    ['{"a" 1}', 'unexpected character at position 5'],
    ['{"a": 1]', 'unexpected character at position 7'],
    ['[1 2]', 'unexpected character at position 3'],
    ['tru', 'unexpected end of input at position 3'],
    ['trux', 'unexpected character at position 3'],
    ['nul', 'unexpected end of input at position 3'],
    ['undefined', 'unexpected character at position 0'],
    ['"abc', 'unterminated string starting at position 0'],
    ['{"k": "secret', 'unterminated string starting at position 6'],
    ['"a\\', 'unterminated string starting at position 0'],
    ['"a\tb"', 'unescaped control character in a string at position 2'],
    ['"\\x41"', 'invalid escape in a string at position 1'],
    ['"\\u00zz"', 'invalid escape in a string at position 1'],
    ['"\\u00', 'unexpected end of input at position 5'],
    ['01', 'unexpected content after the value at position 1'],
    ['-', 'unexpected end of input at position 1'],
    ['-x', 'invalid number at position 1'],
    ['1.', 'unexpected end of input at position 2'],
    ['1.e5', 'invalid number at position 2'],
    ['1e', 'unexpected end of input at position 2'],
    ['1e+x', 'invalid number at position 3'],
    ['{} {}', 'unexpected content after the value at position 3'],
    ['{"a":1} x', 'unexpected content after the value at position 8'],
  ])('%j: %s', (text, expected) => {
    expect(rejects(text)).toBe(true)
    expect(jsonFault(text)).toBe(expected)
  })

  it('scans hostile nesting without recursion', () => {
    expect(jsonFault('['.repeat(100_000))).toBe('unexpected end of input at position 100000')
    expect(jsonFault(`${'{"a":'.repeat(50_000)}x`)).toBe('unexpected character at position 250000')
  })

  it('names a fault in the grammar, at a position inside the text, for any text JSON.parse rejects', () => {
    const nearlyJson = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.json().chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))),
      fc.tuple(fc.json(), fc.nat(), fc.string({ minLength: 1, maxLength: 2 })).map(([text, at, junk]) => {
        const index = at % (text.length + 1)
        return text.slice(0, index) + junk + text.slice(index)
      }),
    )
    fc.assert(
      fc.property(nearlyJson, (text) => {
        fc.pre(rejects(text))
        const fault = jsonFault(text)
        expect(fault).toMatch(GRAMMAR)
        expect(fault).not.toBe('invalid text')
        const position = Number(/\d+$/.exec(fault)?.[0])
        expect(position).toBeLessThanOrEqual(text.length)
      }),
      { numRuns: 500 },
    )
  })
})
