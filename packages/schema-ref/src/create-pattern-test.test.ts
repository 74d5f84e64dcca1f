import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createPatternTest } from './create-pattern-test.js'

describe('createPatternTest', () => {
  it.each(
    deepFreeze([
      { pattern: '(a+)+', why: 'nested quantifier' },
      { pattern: '^(a+)+$', why: 'nested quantifier' },
      { pattern: '(a*)*', why: 'nested quantifier' },
      { pattern: '(a|b+)*', why: 'quantifier inside a repeated alternation' },
      { pattern: '(?:a{2,})+', why: 'bounded quantifier inside a repeated group' },
      { pattern: '(a?)+', why: 'optional inside a repeated group' },
      { pattern: '((a+))+', why: 'nested through a plain group' },
      { pattern: '(?:x(?:y+))*$', why: 'nested at depth two' },
      { pattern: '(?:a+){2}', why: 'a group repeated exactly twice still multiplies' },
      { pattern: '(?=a+)+', why: 'quantified lookahead with a quantifier' },
      { pattern: '(a|a)*', why: 'alternatives that overlap' },
      { pattern: '(a|ab)*$', why: 'alternatives with a common first character' },
      { pattern: '(\\d|x)+', why: 'an alternative that is not a plain literal' },
      { pattern: '(a|)*', why: 'an empty alternative' },
      { pattern: '(?:(?:a|ab))+', why: 'overlap inside an inner group' },
      { pattern: '(a)\\1', why: 'backreference' },
      { pattern: '(?<x>a)\\k<x>', why: 'named backreference' },
      { pattern: 'a*a*a*b', why: 'three unbounded quantifiers' },
      { pattern: '^\\w+\\w+\\w+$', why: 'three unbounded quantifiers' },
      { pattern: '[', why: 'does not compile' },
      { pattern: '(', why: 'does not compile' },
      { pattern: 'a{2,1}', why: 'does not compile' },
      { pattern: 'x'.repeat(1025), why: 'longer than the pattern budget' },
    ]),
  )('refuses $pattern ($why)', ({ pattern }) => {
    expect(createPatternTest(pattern)).toBeUndefined()
  })

  it.each(
    deepFreeze([
      { pattern: '^x-', key: 'x-trace', match: true },
      { pattern: '^x-', key: 'y-trace', match: false },
      { pattern: '^[a-z]+$', key: 'abc', match: true },
      { pattern: '^[a-z]+_[0-9]+$', key: 'ab_12', match: true },
      { pattern: '^(?:foo|bar)+$', key: 'foobarfoo', match: true },
      { pattern: '^(a|b)*$', key: 'abba', match: true },
      { pattern: '^\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}$', key: '10.0.0.1', match: true },
      { pattern: '^\\p{L}+$', key: 'été', match: true },
      { pattern: '^\\-x$', key: '-x', match: true },
      { pattern: '^[(+)]+$', key: '(+)', match: true },
      { pattern: '^a{3}$', key: 'aaa', match: true },
      { pattern: '^(?<word>[a-z]+)$', key: 'abc', match: true },
      { pattern: '(?<=a)b', key: 'ab', match: true },
      { pattern: '', key: 'anything', match: true },
      { pattern: '^a+$', key: 'a'.repeat(256), match: true },
      { pattern: '^a+$', key: 'a'.repeat(257), match: false },
    ]),
  )('accepts $pattern: $key -> $match', ({ pattern, key, match }) => {
    const test = createPatternTest(pattern)
    expect(test).toBeTypeOf('function')
    expect(test!(key)).toBe(match)
  })

  it.each([29, 10_000])('^(a+)+$ with a %i-character key is refused, not run', (length) => {
    const key = 'a'.repeat(length) + '!'
    const test = createPatternTest('^(a+)+$')
    expect(test === undefined ? false : test(key)).toBe(false)
  })

  it.each([29, 10_000])('an accepted two-quantifier pattern on a %i-character key answers', (length) => {
    const key = 'a'.repeat(length)
    // Polynomial in the key length; the key budget bounds it.
    expect(createPatternTest('a*a*b')!(key)).toBe(false)
    expect(createPatternTest('^a*a*$')!(key)).toBe(length <= 256)
  })

  it('returns undefined for a non-string pattern', () => {
    for (const pattern of [undefined, null, 1, {}, [], /a/, Symbol('a')])
      expect(createPatternTest(pattern)).toBeUndefined()
  })

  it('returns the same tester for the same pattern string', () => {
    expect(createPatternTest('^same$')).toBe(createPatternTest('^' + 'same$'))
  })

  it('keeps answering after more patterns than the cache holds', () => {
    for (let index = 0; index < 600; index += 1) expect(createPatternTest(`^k${index}$`)!(`k${index}`)).toBe(true)
    expect(createPatternTest('^k0$')!('k0')).toBe(true)
  })

  it('answers false for a non-string key', () => {
    expect(createPatternTest('.*')!(1 as unknown as string)).toBe(false)
  })

  it('never throws, and a tester never throws (fast-check)', () => {
    const source = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc
        .array(
          fc.constantFrom(
            'a',
            'b',
            '(',
            ')',
            '(?:',
            '|',
            '*',
            '+',
            '?',
            '{2}',
            '{1,}',
            '[a-z]',
            '\\d',
            '\\1',
            '^',
            '$',
            '.',
          ),
          { maxLength: 10 },
        )
        .map((parts) => parts.join('')),
    )
    fc.assert(
      fc.property(fc.oneof(source, fc.anything()), fc.string({ maxLength: 40 }), (pattern, key) => {
        const test = createPatternTest(pattern)
        if (test !== undefined) expect(typeof test(key)).toBe('boolean')
      }),
      { numRuns: 2000 },
    )
  })
})
