// Model output can carry credentials (a tool call that pastes an API key).
// When such text is malformed, the error says where and what kind of fault,
// never the text: the parser's own message quotes it, and errors travel on to
// logs, events and the model. No error string may contain the secret.
import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expandLocalToolBatches } from './expand-local-tool-batches.js'
import { expandParallelToolUse } from './expand-parallel-tool-use.js'
import { normalizeToolCallEntries } from './normalize-tool-call-entries.js'
import type { ToolCall } from './types.js'

const SECRET = 'sk-live-ab12CD34ef56GH78'

// The whole language of parse errors: a fixed prefix, a fixed kind, a number.
const PARSE_ERROR =
  /^tool_call (?:arguments are|'calls' is|calls\[\d+\]\.arguments is) not valid JSON: (?:(?:unexpected end of input|unexpected character|unescaped control character in a string|invalid escape in a string|invalid number|unexpected content after the value) at position \d+|unterminated string starting at position \d+|invalid text)$/

// Malformed texts that hold the secret in every way a parser message would quote it.
const broken = [
  `{"api_key": ${SECRET}}`,
  `{"api_key": "${SECRET}`,
  `{"api_key": "${SECRET}\\q"}`,
  `{"api_key": "${SECRET}\n"}`,
  `{"api_key": "${SECRET}"} trailing`,
  `{${SECRET}: 1}`,
  `${SECRET}`,
  `{"a": 1, "api_key": "${SECRET}", }`,
]

// Each text in each place a text is parsed.
const placements: Array<[string, unknown]> = broken.flatMap((text): Array<[string, unknown]> => [
  ['the envelope', text],
  ["'calls'", { calls: `[{"name": "a", "arguments": ${text}}]` }],
  ['an entry', { calls: [{ name: 'a', arguments: text }] }],
])

describe('no secret in any error', () => {
  it.each(placements)('normalizeToolCallEntries: a secret in %s never appears in the error', (_, args) => {
    const { error } = normalizeToolCallEntries(deepFreeze(args))
    expect(error).toMatch(PARSE_ERROR)
    expect(error).not.toContain(SECRET)
    expect(error).not.toContain('sk-live')
  })

  it.each(broken)(
    'the expansions leave a call whose text is malformed as it was, creating no string from it (%j)',
    (text) => {
      const toolCalls: ToolCall[] = deepFreeze([
        { id: 'c1', type: 'function', function: { name: 'tool_call', arguments: text } },
        { id: 'c2', type: 'function', function: { name: 'multi_tool_use.parallel', arguments: text } },
      ])
      expect(expandLocalToolBatches(toolCalls).toolCalls).toBe(toolCalls)
      expect(expandParallelToolUse(toolCalls).toolCalls).toBe(toolCalls)
    },
  )

  it('never lets any part of a secret into a parse error, wherever the text breaks (property)', () => {
    const secret = fc.stringMatching(/^sk-(?:live|test)-[A-Za-z0-9]{16,32}$/)
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(null))
    // A JSON object holding the secret, then broken: cut short, unquoted, or with junk inserted.
    const text = fc
      .tuple(secret, value, fc.nat(), fc.constantFrom('cut', 'unquote', 'junk'))
      .map(([key, other, at, how]) => {
        const whole = JSON.stringify({ other, api_key: key })
        if (how === 'unquote') return whole.replace(`"${key}"`, key)
        // Cut after at least one character: blank entry arguments mean `{}`, not an error.
        const index = 1 + (at % (whole.length - 1))
        return how === 'cut' ? whole.slice(0, index) : `${whole.slice(0, index)}\u0001${whole.slice(index)}`
      })
    fc.assert(
      fc.property(text, fc.constantFrom('envelope', 'calls', 'entry'), (broken, where) => {
        let isJson = true
        try {
          JSON.parse(broken)
        } catch {
          isJson = false
        }
        fc.pre(!isJson)
        const args =
          where === 'envelope'
            ? broken
            : where === 'calls'
              ? { calls: `[${broken}` }
              : { calls: [{ name: 'a', arguments: broken }] }
        const { error } = normalizeToolCallEntries(args)
        // The grammar has no room for text: matching it proves no substring of the secret is there.
        expect(error).toMatch(PARSE_ERROR)
      }),
      { numRuns: 300 },
    )
  })
})
