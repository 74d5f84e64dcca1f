// The inputs behind prototype-pollution advisories in other pointer
// libraries, run through every function here. This package only reads, so
// the rule is: nothing reaches a prototype, nothing is written, and an
// array-valued token is refused rather than stringified.
//   jsonpointer     CVE-2021-23807  set(obj, [['__proto__'], 'polluted'], ...)
//   json-pointer    CVE-2021-23820  set(obj, '/__proto__/polluted', ...), array tokens
//   json-ptr        2020 and 2021 advisories: '/__proto__/polluted' (flitbit/json-ptr#26), then array tokens
//   fast-json-patch CVE-2021-4279   '/constructor/prototype/polluted' past its __proto__ ban
import { deepFreeze } from '@x/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compile } from './compile.js'
import { format } from './format.js'
import { formatFragment } from './format-fragment.js'
import { get } from './get.js'
import { has } from './has.js'
import { JsonPointerError } from './json-pointer-error.js'
import { parse } from './parse.js'
import { parseFragment } from './parse-fragment.js'

const prototypes = [Object.prototype, Array.prototype, Function.prototype, String.prototype]

function snapshot(): unknown[] {
  return prototypes.map((prototype) =>
    Reflect.ownKeys(prototype).map((key) => [key, Reflect.getOwnPropertyDescriptor(prototype, key)]),
  )
}

const pointers = deepFreeze([
  '/__proto__/polluted',
  '/__proto__',
  '/constructor/prototype/polluted',
  '/constructor/prototype',
  '/constructor',
  '/prototype',
  '/toString',
  '/hasOwnProperty',
  '/0/__proto__/polluted',
  '/a/constructor/prototype/polluted',
])
const fragments = deepFreeze([
  '#/__proto__/polluted',
  '#/%5F%5Fproto%5F%5F/polluted',
  '#/constructor/prototype/polluted',
  '#/%63onstructor/prototype',
])
const arrayTokens = deepFreeze([
  [['__proto__'], 'polluted'],
  [['constructor'], ['prototype'], 'polluted'],
  ['a', ['__proto__']],
  [[['__proto__']]],
])
const documents = deepFreeze([{}, [], { a: {} }, [{}], Object.create(null) as object, { __proto__: null }])

describe('prototype safety', () => {
  let before: unknown[]
  beforeEach(() => {
    before = snapshot()
  })
  afterEach(() => {
    expect(snapshot()).toEqual(before)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it.each(pointers)('get, has and compile never reach a prototype through %j', (pointer) => {
    for (const doc of documents) {
      expect(get(doc, pointer)).toBeUndefined()
      expect(has(doc, pointer)).toBe(false)
      expect(compile(pointer)(doc)).toBeUndefined()
      expect(get(doc, parse(pointer))).toBeUndefined()
    }
  })

  it.each(fragments)('parseFragment(%j) gives plain string tokens that never reach a prototype', (fragment) => {
    const tokens = parseFragment(fragment)
    expect(tokens.every((token) => typeof token === 'string')).toBe(true)
    for (const doc of documents) expect(get(doc, tokens)).toBeUndefined()
  })

  it.each(arrayTokens)('refuses the array-valued token in %j everywhere, with JsonPointerError', (...tokens) => {
    const unsafe = tokens as unknown as string[]
    for (const doc of documents) {
      expect(() => get(doc, unsafe)).toThrow(JsonPointerError)
      expect(() => has(doc, unsafe)).toThrow(JsonPointerError)
    }
    expect(() => format(unsafe)).toThrow(expect.objectContaining({ code: 'INVALID_TOKEN' }))
    expect(() => formatFragment(unsafe)).toThrow(expect.objectContaining({ code: 'INVALID_TOKEN' }))
  })

  it('reads "__proto__" and "constructor" that a document owns as data, without touching prototypes', () => {
    const doc = JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown
    expect(get(doc, '/__proto__/polluted')).toBe(true)
    expect(get(doc, '/constructor/prototype/polluted')).toBe(true)
    expect(format(['__proto__', 'polluted'])).toBe('/__proto__/polluted')
  })

  it('ignores a property someone already put on Object.prototype', () => {
    Object.defineProperty(Object.prototype, 'planted', { value: 'bad', configurable: true })
    try {
      expect(get({}, '/planted')).toBeUndefined()
      expect(has({ a: {} }, '/a/planted')).toBe(false)
      expect(compile('/planted')({})).toBeUndefined()
      expect(get({}, ['planted'])).toBeUndefined()
    } finally {
      delete (Object.prototype as Record<string, unknown>)['planted']
    }
  })
})
