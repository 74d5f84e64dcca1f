import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { get } from './get.js'
import { has } from './has.js'
import { JsonPointerError } from './json-pointer-error.js'
import { parse } from './parse.js'

const doc = deepFreeze({
  list: ['zero', 'one', 'two'],
  nested: { list: [{ name: 'Ada' }] },
  nothing: null,
  falsy: 0,
  empty: '',
  '01': 'object key 01',
  length: 'object key length',
})

describe('get', () => {
  it('returns the whole document for "" and for no tokens', () => {
    expect(get(doc, '')).toBe(doc)
    expect(get(doc, [])).toBe(doc)
  })

  it('returns the value itself, not a copy', () => {
    expect(get(doc, '/nested/list/0')).toBe(doc.nested.list[0])
  })

  it.each(
    deepFreeze([
      ['/list/0', 'zero'],
      ['/list/2', 'two'],
      ['/nested/list/0/name', 'Ada'],
      ['/nothing', null],
      ['/falsy', 0],
      ['/empty', ''],
      ['/01', 'object key 01'],
      ['/length', 'object key length'],
    ]),
  )('reads %j as %j', (pointer, value) => {
    expect(get(doc, pointer)).toBe(value)
  })

  const neverIndices = [
    '-',
    '3',
    '01',
    '00',
    '1.0',
    '+1',
    '-1',
    ' 1',
    '1e0',
    '0x1',
    'length',
    '',
    '99999999999999999999',
  ]
  it.each(deepFreeze(neverIndices.map((token) => [`/list/${token}`])))(
    'never resolves %j: an array takes only 0 or digits without a leading zero, below its length',
    (pointer) => {
      expect(get(doc, pointer)).toBeUndefined()
    },
  )

  it.each(
    deepFreeze([['/missing'], ['/list/0/x'], ['/nothing/x'], ['/falsy/x'], ['/empty/0'], ['/nested/list/0/name/0']]),
  )('returns undefined for the absent path %j', (pointer) => {
    expect(get(doc, pointer)).toBeUndefined()
  })

  it.each(deepFreeze([[null], [undefined], [0], [42], [''], ['abc'], [true], [Symbol.iterator], [10n]]))(
    'never throws whatever the document is: %s',
    (value) => {
      expect(get(value, '/0')).toBeUndefined()
      expect(get(value, ['length'])).toBeUndefined()
      expect(get(value, '')).toBe(value)
    },
  )

  it('reads own properties only: never a method or the prototype', () => {
    for (const pointer of [
      '/toString',
      '/constructor',
      '/__proto__',
      '/hasOwnProperty',
      '/list/map',
      '/list/constructor',
    ]) {
      expect(get(doc, pointer)).toBeUndefined()
    }
  })

  it('reads an own "__proto__" key (as JSON.parse makes it) as data', () => {
    const parsed = JSON.parse('{"__proto__": {"x": 1}, "constructor": {"prototype": 2}}') as unknown
    expect(get(parsed, '/__proto__/x')).toBe(1)
    expect(get(parsed, '/constructor/prototype')).toBe(2)
  })

  it('reads an own property whose value is undefined as undefined', () => {
    expect(get({ a: undefined }, '/a')).toBeUndefined()
  })

  it('reads a null-prototype object', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 })
    expect(get(bare, '/a')).toBe(1)
  })

  it('reads frozen and cyclic documents', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic['self'] = cyclic
    cyclic['items'] = [cyclic]
    deepFreeze(cyclic)
    expect(get(cyclic, '/self/self/items/0/self/name')).toBe('loop')
    expect(get(cyclic, '/self/self/missing/self')).toBeUndefined()
  })

  it('reads a 10,000-level document without overflowing the stack', () => {
    let deep: unknown = 'bottom'
    for (let level = 0; level < 10_000; level++) deep = level % 2 === 0 ? { a: deep } : [deep]
    const tokens = Array.from({ length: 10_000 }, (_, level) => ((10_000 - 1 - level) % 2 === 0 ? 'a' : '0'))
    expect(get(deep, tokens)).toBe('bottom')
    expect(get(deep, '/' + tokens.join('/'))).toBe('bottom')
    expect(get(deep, '/' + tokens.join('/') + '/more')).toBeUndefined()
    expect(parse('/' + tokens.join('/'))).toEqual(tokens)
  })

  it('treats a throwing getter or proxy trap as absent: the document never makes get throw', () => {
    const trap = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error('trap')
        },
      },
    )
    const getter = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('getter')
      },
    })
    for (let call = 0; call < 3; call++) {
      expect(get(trap, '/a')).toBeUndefined()
      expect(get(getter, '/boom')).toBeUndefined()
      expect(get(getter, ['boom'])).toBeUndefined()
    }
  })

  it('does not read a hole in a sparse array from Array.prototype', () => {
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [0, , 2]
    Object.defineProperty(Array.prototype, 1, { value: 'polluted', configurable: true })
    try {
      for (let call = 0; call < 3; call++) expect(get(sparse, '/1')).toBeUndefined()
      expect(get(sparse, [1])).toBeUndefined()
      expect(get(sparse, ['1'])).toBeUndefined()
    } finally {
      delete (Array.prototype as unknown as Record<number, unknown>)[1]
    }
  })

  describe('with a token array', () => {
    it('reads string and number tokens alike', () => {
      expect(get(doc, ['nested', 'list', 0, 'name'])).toBe('Ada')
      expect(get(doc, ['nested', 'list', '0', 'name'])).toBe('Ada')
      expect(get({ 7: 'seven' }, [7])).toBe('seven')
    })

    it('takes tokens as they are: no unescaping', () => {
      expect(get({ 'a/b': 1, 'a~1b': 2 }, ['a/b'])).toBe(1)
      expect(get({ 'a/b': 1, 'a~1b': 2 }, ['a~1b'])).toBe(2)
    })

    it('never resolves a number token past the end of an array', () => {
      expect(get(doc, ['list', 3])).toBeUndefined()
    })

    it.each(
      deepFreeze([
        [[['__proto__']]],
        [['list', -1]],
        [['list', 1.5]],
        [['list', null]],
        [['list', { toString: () => '0' }]],
      ]),
    )('throws INVALID_TOKEN for %j rather than stringifying the token', (tokens) => {
      expect(() => get(doc, tokens as unknown as string[])).toThrow(JsonPointerError)
    })

    it('throws for a bad token even after the path went missing', () => {
      expect(() => get(doc, ['missing', ['x'] as unknown as string])).toThrow(
        expect.objectContaining({ code: 'INVALID_TOKEN', position: 1, pointer: '/missing' }),
      )
    })
  })

  describe('with a malformed pointer string (a programmer error)', () => {
    it.each(
      deepFreeze([
        ['a', 'MISSING_SLASH'],
        ['/~2', 'INVALID_ESCAPE'],
        ['/a/b~', 'INVALID_ESCAPE'],
      ]),
    )('throws JsonPointerError for %j (%s), whatever the document', (pointer, code) => {
      for (const value of [doc, null, 1]) {
        expect(() => get(value, pointer)).toThrow(expect.objectContaining({ name: 'JsonPointerError', code }))
      }
    })

    it('throws exactly what parse throws, or nothing when parse accepts it, on every call', () => {
      const text = fc.string({ unit: fc.constantFrom('/', '~', '0', '1', '2', 'a'), maxLength: 8 })
      const outcome = (run: () => unknown): string => {
        try {
          run()
          return 'ok'
        } catch (error) {
          const { name, code, position, message } = error as JsonPointerError
          return JSON.stringify({ name, code, position, message })
        }
      }
      fc.assert(
        fc.property(text, (pointer) => {
          const expected = outcome(() => parse(pointer))
          for (let call = 0; call < 3; call++) {
            expect(outcome(() => get({ a: { '~': [1] } }, pointer))).toBe(expected)
            expect(outcome(() => has(null, pointer))).toBe(expected)
          }
        }),
        { numRuns: 300 },
      )
    })

    it('throws INVALID_TYPE for a pointer that is neither a string nor an array', () => {
      expect(() => get(doc, 5 as unknown as string)).toThrow(expect.objectContaining({ code: 'INVALID_TYPE' }))
    })

    it('throws on every call (a bad pointer is never cached as good)', () => {
      for (let call = 0; call < 4; call++) expect(() => get(doc, '/~')).toThrow(JsonPointerError)
    })

    it('throws for a bad escape even after the path went missing', () => {
      expect(() => get(doc, '/missing/x~2')).toThrow(expect.objectContaining({ code: 'INVALID_ESCAPE', position: 10 }))
      expect(() => get(null, '/a/~')).toThrow(expect.objectContaining({ code: 'INVALID_ESCAPE', position: 3 }))
    })
  })

  it('answers the same on first, second and later reads of a pointer (cache admission)', () => {
    const value = { 'a/b': [{ '~': 'x' }] }
    for (let call = 0; call < 4; call++) {
      expect(get(value, '/a~1b/0/~0')).toBe('x')
      expect(get(value, '/a~1b/1/~0')).toBeUndefined()
      expect(has(value, '/a~1b/0')).toBe(true)
    }
  })

  it('keeps answering correctly past the parse cache limit', () => {
    const wide = Object.fromEntries(Array.from({ length: 3000 }, (_, index) => [`k${index}`, index]))
    for (let round = 0; round < 2; round++) {
      for (let index = 0; index < 3000; index++) expect(get(wide, `/k${index}`)).toBe(index)
    }
  })
})
