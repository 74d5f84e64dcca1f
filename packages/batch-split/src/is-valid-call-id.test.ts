import { describe, expect, it } from 'vitest'
import { isValidCallId } from './is-valid-call-id.js'
import type { CallIdProvider } from './types.js'

// The providers' rules, written out here (not imported) so a wrong table row
// fails: OpenAI Chat Completions at most 40 characters, Anthropic
// ^[a-zA-Z0-9_-]+$, Bedrock toolUseId [a-zA-Z0-9_-]{1,64}, Mistral exactly
// nine alphanumerics; the generic row is the intersection of the first four.
const forty = 'a'.repeat(40)
const sixtyFour = 'a'.repeat(64)
const CASES: ReadonlyArray<[CallIdProvider | undefined, string, boolean]> = [
  [undefined, 'call_6e4685b95a61', true],
  [undefined, forty, true],
  [undefined, `${forty}a`, false],
  [undefined, 'functions.read:0', false],
  [undefined, ' ', false],
  [undefined, '', false],
  ['generic', 'call_1_d2', true],
  ['openai', `${forty}a`, false],
  ['openai-strict', 'call-1', true],
  ['anthropic', sixtyFour, true],
  ['anthropic', `${sixtyFour}a`, false],
  ['bedrock', 'toolu_01A', true],
  ['bedrock', 'call_x|fc_y', false],
  ['gemini', sixtyFour, true],
  ['mistral', 'wIJ9cjYu3', true],
  ['mistral', 'call_6e4685b95a61', false],
  ['mistral', 'wIJ9cjYu', false],
  ['mistral', 'wIJ9cjY_3', false],
]

describe('isValidCallId', () => {
  it.each(CASES)('for %s, %j is valid: %s', (provider, id, expected) => {
    expect(isValidCallId(id, provider === undefined ? undefined : { provider })).toBe(expected)
  })

  it.each([[undefined], [null], [7], [{}]])('is false, not an error, for the non-string %j', (id) => {
    expect(isValidCallId(id)).toBe(false)
  })

  it('throws a TypeError naming the providers for an unknown provider', () => {
    expect(() => isValidCallId('a', { provider: 'kimi' } as unknown as { provider: CallIdProvider })).toThrow(
      new TypeError(
        "isValidCallId: expected options.provider to be one of 'generic', 'openai', 'openai-strict', 'anthropic', 'bedrock', 'gemini', 'mistral', received the string \"kimi\"",
      ),
    )
  })
})
