import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { caught } from './test-support/caught.js'
import { parse } from './parse.js'

describe('parse', () => {
  it('reads "" as the whole document: no tokens', () => {
    expect(parse('')).toEqual([])
  })

  it.each(
    deepFreeze([
      ['/', ['']],
      ['//', ['', '']],
      ['/a/', ['a', '']],
      ['/a//b', ['a', '', 'b']],
      ['/0/-/01', ['0', '-', '01']],
    ]),
  )('keeps empty and numeric-looking tokens as strings: %j', (pointer, tokens) => {
    expect(parse(pointer)).toEqual(tokens)
  })

  it.each(
    deepFreeze([
      ['/~01', ['~1']],
      ['/~10', ['/0']],
      ['/~0~1', ['~/']],
      ['/~00', ['~0']],
      ['/a~1b~1c', ['a/b/c']],
      ['/~0~0~1~1', ['~~//']],
    ]),
  )('unescapes ~1 to "/" then ~0 to "~", never re-reading its output: %j', (pointer, tokens) => {
    expect(parse(pointer)).toEqual(tokens)
  })

  it('keeps non-ASCII, percent signs and astral characters as they are', () => {
    expect(parse('/é/%41/😀')).toEqual(['é', '%41', '😀'])
  })

  it('returns a fresh array each call, so callers may mutate it', () => {
    const first = parse('/a/b')
    first.push('c')
    expect(parse('/a/b')).toEqual(['a', 'b'])
  })

  it.each(
    deepFreeze([
      ['a', 'MISSING_SLASH', 0],
      ['#/a', 'MISSING_SLASH', 0],
      [' /a', 'MISSING_SLASH', 0],
      ['/~', 'INVALID_ESCAPE', 1],
      ['/~2', 'INVALID_ESCAPE', 1],
      ['/a~', 'INVALID_ESCAPE', 2],
      ['/ok/b~a', 'INVALID_ESCAPE', 5],
      ['/~0~', 'INVALID_ESCAPE', 3],
      ['/~/x', 'INVALID_ESCAPE', 1],
    ]),
  )('throws for %j with code %s at position %i', (pointer, code, position) => {
    const error = caught(() => parse(pointer))
    expect(error).toMatchObject({ name: 'JsonPointerError', code, pointer, position })
  })

  it('says what is wrong, where, and how to write a literal "~"', () => {
    expect(caught(() => parse('/a~2')).message).toBe(
      'Invalid JSON Pointer "/a~2" at position 2: "~" must be followed by "0" or "1" (received "2"); a literal "~" is written "~0"',
    )
    expect(caught(() => parse('a/b')).message).toBe(
      'Invalid JSON Pointer "a/b" at position 0: a non-empty pointer must start with "/" (received "a")',
    )
  })

  it.each(deepFreeze([[null], [undefined], [42], [['a']], [{}]]))(
    'throws INVALID_TYPE, never a TypeError, for the non-string %j',
    (value) => {
      const error = caught(() => parse(value as unknown as string))
      expect(error.code).toBe('INVALID_TYPE')
      expect(error.message).toMatch(/^Invalid JSON Pointer: expected a string, received /)
    },
  )
})
