// Ids per provider: every id the expansions create or repair matches the
// pattern the provider's own API documents, for every provider the id format
// table names. The patterns are written out here from the providers'
// references (not imported from the code), so a wrong table row fails.
import { deepFreeze } from '@x/test-utils'
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { batch, call, childArgs, read } from './test-support/builders.js'
import { deterministicCallId } from './deterministic-call-id.js'
import { expandLocalToolBatches } from './expand-local-tool-batches.js'
import { expandParallelToolUse } from './expand-parallel-tool-use.js'
import type { CallIdProvider, ToolCall } from './types.js'

// OpenAI Chat Completions: ids of at most 40 characters (the API answers
// `string_above_max_length` past that). Anthropic: ^[a-zA-Z0-9_-]+$.
// Bedrock Converse toolUseId: [a-zA-Z0-9_-]+, 1..64. Gemini: a free string.
// Mistral: exactly nine alphanumerics (mistral-common's validator).
const OPENAI = /^[A-Za-z0-9_-]{1,40}$/
const PATTERNS: ReadonlyArray<[CallIdProvider, RegExp]> = [
  ['generic', OPENAI],
  ['openai', OPENAI],
  ['openai-strict', OPENAI],
  ['anthropic', /^[a-zA-Z0-9_-]{1,64}$/],
  ['bedrock', /^[a-zA-Z0-9_-]{1,64}$/],
  ['gemini', /^[a-zA-Z0-9_-]{1,64}$/],
  ['mistral', /^[a-zA-Z0-9]{9}$/],
]

const idsOf = (calls: ReadonlyArray<ToolCall>): string[] => calls.map((one) => one.id)
const wrapper = (id: string, names: readonly string[]): ToolCall => ({
  id,
  type: 'function',
  function: {
    name: 'multi_tool_use.parallel',
    arguments: JSON.stringify({
      tool_uses: names.map((name) => ({ recipient_name: `functions.${name}`, parameters: {} })),
    }),
  },
})

// What the mistral row must compute: nine characters of [A-Za-z0-9], one per
// digest byte modulo 62, over the same name:seed:index message.
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const mistralReference = (name: string, seed: string, index: number): string =>
  [...createHash('sha256').update(`${name}:${seed}:${index}`, 'utf8').digest().subarray(0, 9)]
    .map((byte) => ALPHANUMERIC[byte % 62])
    .join('')

describe.each(PATTERNS)('ids for %s', (provider, pattern) => {
  // Parent ids from every provider and none: Kimi's, a Responses composite,
  // Anthropic's, a Mistral one, blank, 41 and 65 characters, with repeats.
  const parentIds = [
    'functions.read:0',
    'call_a|fc_b',
    'toolu_01D7FLrfh4GYq7yT1ULFeyMV',
    'aB3dE5gH7',
    ' ',
    'a'.repeat(41),
    'b'.repeat(65),
  ]

  it('every id of a split (kept, derived or made unique) matches the provider pattern', () => {
    const calls = deepFreeze([...parentIds, ...parentIds].map((id) => batch(id, [read('a'), read('b'), read('a')])))
    const ids = idsOf(expandLocalToolBatches(calls, { provider }).toolCalls)
    expect(ids).toHaveLength(42)
    for (const id of ids) expect(id).toMatch(pattern)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('every id of an unwrapped parallel wrapper matches the provider pattern', () => {
    const calls = deepFreeze(parentIds.map((id) => wrapper(id, ['a', 'b'])))
    for (const id of idsOf(expandParallelToolUse(calls, { provider }).toolCalls)) expect(id).toMatch(pattern)
  })

  it('a repeated id of a call it does not split is repaired into the provider pattern', () => {
    const ids = idsOf(
      expandLocalToolBatches(deepFreeze(parentIds.flatMap((id) => [call(id, 'x'), call(id, 'y')])), { provider })
        .toolCalls,
    )
    // The first of each pair is the model's own id, left alone; the repeat is ours.
    for (let index = 1; index < ids.length; index += 2) expect(ids[index]).toMatch(pattern)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('deterministicCallId matches the provider pattern and is what a split derives', () => {
    const id = deterministicCallId('tool_call', `functions.read:0${childArgs(read('b'))}`, 1, { provider })
    expect(id).toMatch(pattern)
    expect(
      expandLocalToolBatches(deepFreeze([batch('functions.read:0', [read('a'), read('b')])]), { provider })
        .toolCalls[1]!.id,
    ).toBe(id)
  })

  it('never creates an id outside the provider pattern, whatever the parent ids (property)', () => {
    const idArb = fc.oneof(fc.constantFrom(...parentIds), fc.string({ maxLength: 70 }))
    fc.assert(
      fc.property(fc.array(fc.tuple(idArb, fc.boolean()), { maxLength: 6 }), (items) => {
        const input = items.map(([id, split]) => (split ? batch(id, [read('a'), read('b')]) : call(id, 'x')))
        const out = expandLocalToolBatches(deepFreeze(input), { provider }).toolCalls
        // A call that comes back as the very same object carries the model's id; every other call carries ours.
        const unchanged = new Set<unknown>(input)
        const ours = out.filter((one) => !unchanged.has(one))
        for (const one of ours) expect(one.id).toMatch(pattern)
      }),
      { numRuns: 100 },
    )
  })
})

describe('ids for Mistral', () => {
  it('derives nine alphanumerics from the same SHA-256 message as the default ids', () => {
    expect(deterministicCallId('a', 'b', 0, { provider: 'mistral' })).toBe(mistralReference('a', 'b', 0))
    expect(deterministicCallId('tool_call', 'x{"calls":[]}', 7, { provider: 'mistral' })).toBe(
      mistralReference('tool_call', 'x{"calls":[]}', 7),
    )
  })

  it('keeps a parent id Mistral accepts, replaces one it rejects', () => {
    expect(
      expandLocalToolBatches(deepFreeze([batch('aB3dE5gH7', [read('a'), read('b')])]), { provider: 'mistral' })
        .toolCalls[0]!.id,
    ).toBe('aB3dE5gH7')
    const replaced = expandLocalToolBatches(deepFreeze([batch('call_1', [read('a'), read('b')])]), {
      provider: 'mistral',
    }).toolCalls[0]!.id
    expect(replaced).toBe(mistralReference('tool_call', `call_1${childArgs(read('a'))}`, 0))
  })

  it('gives the same ids on a replay', () => {
    const input = () =>
      deepFreeze([batch('aB3dE5gH7', [read('a'), read('b')]), batch('aB3dE5gH7', [read('a'), read('b')])])
    expect(idsOf(expandLocalToolBatches(input(), { provider: 'mistral' }).toolCalls)).toEqual(
      idsOf(expandLocalToolBatches(input(), { provider: 'mistral' }).toolCalls),
    )
  })

  it('renames the provider blocks with the same ids as the calls', () => {
    const blocks = deepFreeze([{ type: 'tool_use', id: 'call_1', name: 'tool_call', input: {} }])
    const result = expandLocalToolBatches(deepFreeze([batch('call_1', [read('a'), read('b')])]), {
      provider: 'mistral',
      anthropicBlocks: blocks,
    })
    expect(result.anthropicBlocks!.map((block) => (block as { id: string }).id)).toEqual(idsOf(result.toolCalls))
  })
})

describe('the provider option', () => {
  it.each([['mistal'], [''], [42], [null]])(
    'is a programmer error when unknown (%j): a TypeError saying what was expected',
    (provider) => {
      const options = { provider } as unknown as { provider: CallIdProvider }
      const expected =
        /expected options\.provider to be one of 'generic', 'openai', 'openai-strict', 'anthropic', 'bedrock', 'gemini', 'mistral', received/
      expect(() => expandLocalToolBatches([], options)).toThrow(TypeError)
      expect(() => expandLocalToolBatches([], options)).toThrow(expected)
      expect(() => expandParallelToolUse([], options)).toThrow(expected)
      expect(() => deterministicCallId('a', 'b', 0, options)).toThrow(expected)
    },
  )

  it('defaults to generic when absent or undefined', () => {
    const input = deepFreeze([batch('functions.read:0', [read('a'), read('b')])])
    expect(expandLocalToolBatches(input, { provider: undefined }).toolCalls).toEqual(
      expandLocalToolBatches(input, { provider: 'generic' }).toolCalls,
    )
    expect(expandLocalToolBatches(input).toolCalls).toEqual(
      expandLocalToolBatches(input, { provider: 'generic' }).toolCalls,
    )
  })
})
