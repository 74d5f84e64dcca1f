import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { format } from './format.js'
import { formatFragment } from './format-fragment.js'
import { parse } from './parse.js'
import { parseFragment } from './parse-fragment.js'

// Tokens stressing the escapes: plenty of "~", "/", "0", "1" and "%".
const token = fc.oneof(
  fc.string({ unit: fc.constantFrom('~', '/', '0', '1', '%', 'a', ' ') }),
  fc.string({ unit: 'binary' }),
)
// Well-formed UTF-16 only: a fragment is UTF-8, which has no lone surrogates.
const wellFormedToken = fc.oneof(
  fc.string({ unit: fc.constantFrom('~', '/', '0', '1', '%', 'a', ' ', '#', 'é', '😀') }),
  fc.string({ unit: 'grapheme' }),
)
// Pointer strings: valid by construction, from escaped or raw pieces.
const pointer = fc
  .array(fc.array(fc.oneof(fc.constantFrom('~0', '~1', '/'), fc.string({ unit: fc.constantFrom('a', '0', '%', 'é') }))))
  .map((pieces) => pieces.map((piece) => '/' + piece.join('')).join(''))

const runs = { numRuns: 300 }

describe('round trips', () => {
  it('format(parse(p)) === p for every valid pointer', () => {
    fc.assert(
      fc.property(pointer, (text) => format(parse(text)) === text),
      runs,
    )
  })

  it('parse(format(t)) equals t for every token list', () => {
    fc.assert(
      fc.property(fc.array(token), (tokens) => {
        expect(parse(format(tokens))).toEqual(tokens)
      }),
      runs,
    )
  })

  it('parseFragment(formatFragment(t)) equals t for every well-formed token list', () => {
    fc.assert(
      fc.property(fc.array(wellFormedToken), (tokens) => {
        expect(parseFragment(formatFragment(tokens))).toEqual(tokens)
      }),
      runs,
    )
  })

  it('formatFragment(parseFragment(f)) === f for every fragment formatFragment writes', () => {
    fc.assert(
      fc.property(fc.array(wellFormedToken), (tokens) => {
        const fragment = formatFragment(tokens)
        return formatFragment(parseFragment(fragment)) === fragment
      }),
      runs,
    )
  })

  it('the fragment form decodes to the string form', () => {
    fc.assert(
      fc.property(fc.array(wellFormedToken), (tokens) => {
        expect(decodeURIComponent(formatFragment(tokens).slice(1))).toBe(format(tokens))
      }),
      runs,
    )
  })
})
