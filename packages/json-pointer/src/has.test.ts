import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { has } from './has.js'

const doc = deepFreeze({ a: [1, null], u: undefined, n: null, nested: { '': false } })

describe('has', () => {
  it.each(deepFreeze([[''], ['/a'], ['/a/0'], ['/a/1'], ['/n'], ['/nested/'], ['/nested']]))(
    'is true for the present path %j, whatever the value',
    (pointer) => {
      expect(has(doc, pointer)).toBe(true)
    },
  )

  it('is true for an own property holding undefined, which get cannot tell', () => {
    expect(has(doc, '/u')).toBe(true)
    expect(has(doc, ['u'])).toBe(true)
  })

  const absent = ['/b', '/a/2', '/a/-', '/a/01', '/a/length', '/n/x', '/__proto__', '/toString', '/constructor']
  it.each(deepFreeze(absent.map((pointer) => [pointer])))('is false for %j', (pointer) => {
    expect(has(doc, pointer)).toBe(false)
  })

  it.each(deepFreeze([[null], [undefined], [0], ['text'], [false]]))('never throws for the document %j', (value) => {
    expect(has(value, '/x')).toBe(false)
    expect(has(value, '')).toBe(true)
  })

  it('throws JsonPointerError for a malformed pointer, as get does', () => {
    expect(() => has(doc, '~')).toThrow(expect.objectContaining({ code: 'MISSING_SLASH' }))
    expect(() => has(doc, [{}] as unknown as string[])).toThrow(expect.objectContaining({ code: 'INVALID_TOKEN' }))
  })
})
