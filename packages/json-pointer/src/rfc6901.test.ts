// RFC 6901 §5 and §6 example tables, run against the shipped build in both
// forms (string and URI fragment). Source: https://www.rfc-editor.org/rfc/rfc6901
import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { format, formatFragment, get, has, parse, parseFragment } from '../dist/index.js'

// RFC 6901 §5, the example document.
const rfcDocument = deepFreeze({
  foo: ['bar', 'baz'],
  '': 0,
  'a/b': 1,
  'c%d': 2,
  'e^f': 3,
  'g|h': 4,
  'i\\j': 5,
  'k"l': 6,
  ' ': 7,
  'm~n': 8,
})

// [§5 string form, §6 fragment form as the RFC spells it, tokens, value]
const table: Array<[string, string, string[], unknown]> = deepFreeze([
  ['', '#', [], rfcDocument],
  ['/foo', '#/foo', ['foo'], ['bar', 'baz']],
  ['/foo/0', '#/foo/0', ['foo', '0'], 'bar'],
  ['/', '#/', [''], 0],
  ['/a~1b', '#/a~1b', ['a/b'], 1],
  ['/c%d', '#/c%25d', ['c%d'], 2],
  ['/e^f', '#/e%5Ef', ['e^f'], 3],
  ['/g|h', '#/g%7Ch', ['g|h'], 4],
  ['/i\\j', '#/i%5Cj', ['i\\j'], 5],
  ['/k"l', '#/k%22l', ['k"l'], 6],
  ['/ ', '#/%20', [' '], 7],
  ['/m~0n', '#/m~0n', ['m~n'], 8],
])

describe('RFC 6901 §5, string form', () => {
  it.each(table)('parse(%j) gives the RFC tokens', (pointer, _fragment, tokens) => {
    expect(parse(pointer)).toEqual(tokens)
  })

  it.each(table)('get(doc, %j) gives the RFC value', (pointer, _fragment, _tokens, value) => {
    expect(get(rfcDocument, pointer)).toEqual(value)
    expect(has(rfcDocument, pointer)).toBe(true)
  })

  it.each(table)('format(tokens of %j) spells the pointer as the RFC does', (pointer, _fragment, tokens) => {
    expect(format(tokens)).toBe(pointer)
  })
})

describe('RFC 6901 §6, URI fragment form', () => {
  it.each(table)('parseFragment of the fragment for %j gives the RFC tokens', (_pointer, fragment, tokens) => {
    expect(parseFragment(fragment)).toEqual(tokens)
  })

  it.each(table)('get through the fragment for %j gives the RFC value', (_pointer, fragment, _tokens, value) => {
    expect(get(rfcDocument, parseFragment(fragment))).toEqual(value)
  })

  it.each(table)('formatFragment(tokens of %j) spells the fragment as the RFC does', (_pointer, fragment, tokens) => {
    expect(formatFragment(tokens)).toBe(fragment)
  })

  it('accepts lowercase hex as well as the uppercase it writes', () => {
    expect(parseFragment('#/e%5ef/g%7ch')).toEqual(['e^f', 'g|h'])
  })
})
