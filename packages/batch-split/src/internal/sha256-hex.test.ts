import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from './sha256-hex.js'

const reference = (text: string, bytes: number): string =>
  createHash('sha256')
    .update(text, 'utf8')
    .digest('hex')
    .slice(0, bytes * 2)

describe('sha256Hex (the reused hasher behind deterministicCallId)', () => {
  it.each([
    ['empty', ''],
    ['one block less the padding', 'a'.repeat(55)],
    ['exactly one block', 'a'.repeat(64)],
    ['two blocks', 'b'.repeat(119)],
    ['non-ASCII (3 bytes per unit, scratch sized for it)', '鍵'.repeat(341)],
    ['astral characters', '🔑'.repeat(100)],
    ['a lone surrogate (U+FFFD, as Node and TextEncoder encode it)', 'x\ud800y'],
    ['past the reused buffer (> 16 KB)', 'é'.repeat(9000)],
  ])('matches Node SHA-256 for %s', (_, text) => {
    expect(sha256Hex(text, 32)).toBe(reference(text, 32))
  })

  it('carries nothing over from one message to the next, whatever their sizes', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 300 }), { minLength: 2, maxLength: 6 }), (texts) => {
        expect(texts.map((text) => sha256Hex(text, 6))).toEqual(texts.map((text) => reference(text, 6)))
      }),
      { numRuns: 150 },
    )
  })
})
