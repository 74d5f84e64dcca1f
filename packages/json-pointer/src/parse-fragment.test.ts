import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { JsonPointerError } from './json-pointer-error.js'
import { caught } from './test-support/caught.js'
import { parseFragment } from './parse-fragment.js'

describe('parseFragment', () => {
  it('reads "#" alone as the whole document', () => {
    expect(parseFragment('#')).toEqual([])
  })

  it.each(
    deepFreeze([
      ['#/%E2%82%AC', ['€']],
      ['#/%C3%A9t%C3%A9', ['été']],
      ['#/%F0%9F%98%80', ['😀']],
      ['#/%E0%A4%A8', ['न']],
      ['#/%7E0%7E1', ['~/']],
      ['#/%7e01', ['~1']],
      ['#/%25%32%30', ['%20']],
      ['#/%00', ['\u0000']],
    ]),
  )('percent-decodes as UTF-8, then unescapes: %j', (fragment, tokens) => {
    expect(parseFragment(fragment)).toEqual(tokens)
  })

  it('reads %2F as a separator, as the decoded pointer does (RFC 6901 §6)', () => {
    expect(parseFragment('#/a%2Fb')).toEqual(['a', 'b'])
    expect(parseFragment('#/a~1b')).toEqual(['a/b'])
  })

  it('accepts characters a fragment should encode but browsers pass raw', () => {
    expect(parseFragment('#/a b/é')).toEqual(['a b', 'é'])
  })

  it.each(
    deepFreeze([
      ['', 'MISSING_HASH', 0],
      ['/a', 'MISSING_HASH', 0],
      ['#a', 'MISSING_SLASH', 1],
      ['#%61', 'MISSING_SLASH', 1],
      ['#/%zz', 'INVALID_PERCENT_ENCODING', 2],
      ['#/%', 'INVALID_PERCENT_ENCODING', 2],
      ['#/%4', 'INVALID_PERCENT_ENCODING', 2],
      ['#/a%4g', 'INVALID_PERCENT_ENCODING', 3],
      ['#/%E0%A4%A', 'INVALID_PERCENT_ENCODING', 8],
      ['#/%E0%A4', 'INVALID_UTF8', 8],
      ['#/%E0%A4x', 'INVALID_UTF8', 8],
      ['#/%80', 'INVALID_UTF8', 2],
      ['#/%C0%AF', 'INVALID_UTF8', 2],
      ['#/%C1%BF', 'INVALID_UTF8', 2],
      ['#/%E0%80%AF', 'INVALID_UTF8', 5],
      ['#/%ED%A0%80', 'INVALID_UTF8', 5],
      ['#/%F0%80%80%AF', 'INVALID_UTF8', 5],
      ['#/%F4%90%80%80', 'INVALID_UTF8', 5],
      ['#/%F5%80%80%80', 'INVALID_UTF8', 2],
      ['#/%FF', 'INVALID_UTF8', 2],
      ['#/%C3%28', 'INVALID_UTF8', 5],
      ['#/~2', 'INVALID_ESCAPE', 2],
      ['#/%E2%82%AC~2', 'INVALID_ESCAPE', 11],
      ['#/%7E2', 'INVALID_ESCAPE', 2],
      ['#/é~', 'INVALID_ESCAPE', 3],
    ]),
  )('throws for %j with code %s at position %i of the fragment as given', (fragment, code, position) => {
    const error = caught(() => parseFragment(fragment))
    expect(error).toMatchObject({ name: 'JsonPointerError', code, pointer: fragment, position })
  })

  it('never lets a URIError out, whatever follows a "%"', () => {
    for (let byte = 0; byte < 256; byte++) {
      const hex = byte.toString(16).padStart(2, '0')
      for (const fragment of [`#/%${hex}`, `#/%${hex}%80`, `#/%${hex}%80%80`, `#/%${hex}%80%80%80`]) {
        try {
          parseFragment(fragment)
        } catch (error) {
          expect(error).toBeInstanceOf(JsonPointerError)
        }
      }
    }
  })

  it('agrees with decodeURIComponent on what is well-formed UTF-8', () => {
    for (let lead = 0x80; lead < 256; lead++) {
      for (const second of [0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf]) {
        const bytes = [lead, second, 0x80, 0x80].map((byte) => '%' + byte.toString(16).toUpperCase())
        for (let size = 1; size <= 4; size++) {
          const encoded = bytes.slice(0, size).join('')
          let expected: string | undefined
          try {
            expected = decodeURIComponent(encoded)
          } catch {
            expected = undefined
          }
          let actual: string | undefined
          try {
            actual = parseFragment('#/' + encoded)[0]
          } catch {
            actual = undefined
          }
          expect(actual, encoded).toBe(expected)
        }
      }
    }
  })

  it('says what is wrong and where', () => {
    expect(caught(() => parseFragment('#/%zz')).message).toBe(
      'Invalid JSON Pointer "#/%zz" at position 2: "%" must be followed by two hexadecimal digits (received "%zz")',
    )
    expect(caught(() => parseFragment('/a')).message).toBe(
      'Invalid JSON Pointer "/a" at position 0: a URI fragment must start with "#" (received "/")',
    )
  })

  it('throws INVALID_TYPE, never a TypeError, for a non-string', () => {
    expect(caught(() => parseFragment(7 as unknown as string)).code).toBe('INVALID_TYPE')
  })
})
