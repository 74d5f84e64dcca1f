import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { formatFragment } from './format-fragment.js'
import { caught } from './test-support/caught.js'

describe('formatFragment', () => {
  it('writes "#" alone for the whole document', () => {
    expect(formatFragment([])).toBe('#')
  })

  it.each(
    deepFreeze([
      [['€'], '#/%E2%82%AC'],
      [['été'], '#/%C3%A9t%C3%A9'],
      [['😀'], '#/%F0%9F%98%80'],
      [['\u0000\u007f'], '#/%00%7F'],
      [['a#b', '[x]', '{y}', '<z>', '`'], '#/a%23b/%5Bx%5D/%7By%7D/%3Cz%3E/%60'],
      [['a/b', 'm~n'], '#/a~1b/m~0n'],
    ]),
  )('percent-encodes as UTF-8 with uppercase hex whatever a fragment may not hold: %j', (tokens, fragment) => {
    expect(formatFragment(tokens)).toBe(fragment)
  })

  it("leaves every character RFC 3986 allows in a fragment as it is (except '%')", () => {
    const allowed = "azAZ09-._~!$&'()*+,;=:@?"
    expect(formatFragment([allowed])).toBe(`#/${allowed.replace('~', '~0')}`)
  })

  it('agrees with encodeURIComponent on every character it encodes', () => {
    for (let code = 0; code < 0x800; code++) {
      const char = String.fromCharCode(code)
      const encoded = formatFragment([char]).slice(2)
      if (encoded !== char && char !== '~' && char !== '/') expect(encoded).toBe(encodeURIComponent(char))
    }
  })

  it.each(deepFreeze([[['a', '\uD800']], [['a', 'x\uDC00']], [['a', '\uDBFF\uDBFF']]]))(
    'throws UNPAIRED_SURROGATE at the token index for a lone surrogate: %j',
    (tokens) => {
      const error = caught(() => formatFragment(tokens))
      expect(error).toMatchObject({ code: 'UNPAIRED_SURROGATE', position: 1 })
      expect(error.message).toMatch(/token 1 holds an unpaired UTF-16 surrogate/)
    },
  )

  it('throws what format throws for a bad token', () => {
    expect(caught(() => formatFragment([['x'] as unknown as string])).code).toBe('INVALID_TOKEN')
  })
})
