import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile } from './compile.js'
import { get } from './get.js'
import { JsonPointerError } from './json-pointer-error.js'

describe('compile', () => {
  it('returns a reader that gives what get gives', () => {
    const readName = compile('/user/name')
    expect(readName({ user: { name: 'Ada' } })).toBe('Ada')
    expect(readName({ user: null })).toBeUndefined()
    expect(readName(null)).toBeUndefined()
  })

  it('reads the whole document for ""', () => {
    const whole = { a: 1 }
    expect(compile('')(whole)).toBe(whole)
  })

  it('follows the same array and prototype rules as get', () => {
    const doc = deepFreeze({ list: ['a', 'b'] })
    for (const pointer of ['/list/-', '/list/01', '/list/length', '/list/2', '/__proto__', '/constructor', '/list/0']) {
      expect(compile(pointer)(doc)).toBe(get(doc, pointer))
    }
  })

  it('throws for a malformed pointer when compiling, not when reading', () => {
    expect(() => compile('/a~2')).toThrow(JsonPointerError)
    expect(() => compile('a')).toThrow(expect.objectContaining({ code: 'MISSING_SLASH' }))
  })

  it('never throws when reading, whatever the document', () => {
    const read = compile('/a/0/b')
    const getter = Object.defineProperty({}, 'a', {
      get() {
        throw new Error('getter')
      },
    })
    for (const value of [undefined, null, 0, 'a', [], {}, getter, new Proxy({}, { ownKeys: () => [] })]) {
      expect(read(value)).toBeUndefined()
    }
  })

  it('reads a 10,000-level document without overflowing the stack', () => {
    let deep: unknown = 'bottom'
    for (let level = 0; level < 10_000; level++) deep = { a: deep }
    expect(compile('/a'.repeat(10_000))(deep)).toBe('bottom')
    expect(compile('/a'.repeat(10_001))(deep)).toBeUndefined()
  })

  it('agrees with get on random documents and pointers', () => {
    const key = fc.constantFrom('a', '0', '1', '01', '-', '', '__proto__', 'length')
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(key, { maxLength: 4 }), (doc, tokens) => {
        const pointer = tokens.map((token) => '/' + token).join('')
        const expected = compile(pointer)(doc)
        // Three reads: the first walks the text, the second builds a plan,
        // the third uses the cached plan. All must agree.
        for (let call = 0; call < 3; call++) expect(get(doc, pointer)).toBe(expected)
        expect(get(doc, tokens)).toBe(expected)
      }),
      { numRuns: 200 },
    )
  })
})
