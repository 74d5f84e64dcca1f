import type { ProviderName } from '@x/provider-schema'
import { generateText, streamText, tool, wrapLanguageModel } from 'ai'
import type { ToolSet } from 'ai'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import type { ModelCall } from './test-support/model-turns.js'
import { generated, streamed, streamedParts, toolCallPart, twoTurnModel } from './test-support/model-turns.js'
import { toolCallFixes } from './tool-call-fixes.js'

// Each provider's tool-call id rule, written out here (not imported) so a
// wrong row in @x/batch-split's table fails: OpenAI Chat Completions takes at
// most 40 characters, Anthropic ^[a-zA-Z0-9_-]+$, Bedrock's toolUseId
// [a-zA-Z0-9_-]{1,64}, Mistral exactly nine alphanumerics; generic is the
// intersection of the first four.
const OPENAI = /^[A-Za-z0-9_-]{1,40}$/
const WIDE = /^[A-Za-z0-9_-]{1,64}$/
const ID_RULES: ReadonlyArray<[ProviderName, RegExp]> = [
  ['generic', OPENAI],
  ['openai', OPENAI],
  ['openai-strict', OPENAI],
  ['anthropic', WIDE],
  ['bedrock', WIDE],
  ['gemini', WIDE],
  ['mistral', /^[A-Za-z0-9]{9}$/],
]

const tools: ToolSet = {
  read_file: tool({ inputSchema: z.object({ path: z.string() }), execute: async () => 'ok' }),
  open_ticket: tool({ inputSchema: z.object({ title: z.string() }), execute: async () => 'ok' }),
}

const batch = (id: string): ModelCall => ({
  id,
  name: 'tool_call',
  input: JSON.stringify({
    calls: [
      { name: 'read_file', arguments: { path: 'a.md' } },
      { name: 'open_ticket', arguments: { title: 'Ship' } },
    ],
  }),
})
const parallel = (id: string): ModelCall => ({
  id,
  name: 'multi_tool_use.parallel',
  input: JSON.stringify({
    tool_uses: [
      { recipient_name: 'functions.read_file', parameters: { path: 'b.md' } },
      { recipient_name: 'functions.open_ticket', parameters: { title: 'Docs' } },
    ],
  }),
})
// Parent ids of every kind a split meets: one each provider accepts (kept
// where valid), Kimi's `functions.x:0`, ids of 41 and 65 characters, and
// repeated ids (de-duplicated in the provider's format; a suffix on the
// 40-character one must not take it past OpenAI's limit).
const FORTY = `call_${'f'.repeat(35)}`
const ANSWER: readonly ModelCall[] = [
  batch('call_1'),
  batch('call_1'),
  batch('aB3dE5gH7'),
  batch('functions.tool_call:0'),
  parallel(`call_${'x'.repeat(36)}`),
  parallel(`toolu_${'y'.repeat(59)}`),
  batch(`call_${'z'.repeat(36)}`),
  batch(`toolu_${'w'.repeat(59)}`),
  batch(FORTY),
  batch(FORTY),
]
const SPLIT_CALLS = ANSWER.length * 2

async function generatedIds(provider: ProviderName | undefined, modelProvider?: string): Promise<string[]> {
  const { model } = twoTurnModel(ANSWER, modelProvider === undefined ? {} : { provider: modelProvider })
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: toolCallFixes(provider === undefined ? {} : { provider }) }),
    tools,
    prompt: 'go',
  })
  return result.toolCalls.map((part) => part.toolCallId)
}

async function streamedIds(provider: ProviderName): Promise<string[]> {
  const { model } = twoTurnModel(ANSWER)
  const result = streamText({
    model: wrapLanguageModel({ model, middleware: toolCallFixes({ provider }) }),
    tools,
    prompt: 'go',
  })
  const ids: string[] = []
  for await (const part of result.fullStream) if (part.type === 'tool-call') ids.push(part.toolCallId)
  return ids
}

describe('toolCallFixes gives split calls ids valid for the provider', () => {
  it.each(ID_RULES)('generateText with %s: every id matches its rule and is unique', async (provider, rule) => {
    const ids = await generatedIds(provider)
    expect(ids).toHaveLength(SPLIT_CALLS)
    expect(ids.filter((id) => !rule.test(id))).toEqual([])
    expect(new Set(ids).size).toBe(SPLIT_CALLS)
  })

  it.each(ID_RULES)('streamText with %s: every id matches its rule and is unique', async (provider, rule) => {
    const ids = await streamedIds(provider)
    expect(ids).toHaveLength(SPLIT_CALLS)
    expect(ids.filter((id) => !rule.test(id))).toEqual([])
    expect(new Set(ids).size).toBe(SPLIT_CALLS)
  })

  it('gives Mistral nine alphanumerics, keeping only a parent id that is one', async () => {
    const ids = await generatedIds('mistral')
    expect(ids.every((id) => /^[A-Za-z0-9]{9}$/.test(id))).toBe(true)
    expect(ids.filter((id) => id === 'aB3dE5gH7')).toHaveLength(1)
    expect(ids).not.toContain('call_1')
  })

  it('follows the provider inferred from the model when none is given', async () => {
    const ids = await generatedIds(undefined, 'mistral.chat')
    expect(ids.every((id) => /^[A-Za-z0-9]{9}$/.test(id))).toBe(true)
  })

  it('keeps a parent id the provider accepts as the first child id', async () => {
    const ids = await generatedIds('anthropic')
    expect([ids[0], ids[4]]).toEqual(['call_1', 'aB3dE5gH7'])
    expect(ids[2]).toBe('call_1_d2')
  })

  it.each(ID_RULES)('gives the same ids when the same answer is replayed (%s)', async (provider) => {
    expect(await generatedIds(provider)).toEqual(await generatedIds(provider))
    expect(await streamedIds(provider)).toEqual(await generatedIds(provider))
  })
})

// Counts every Set membership probe made while `run` runs: the work of
// de-duplication, counted rather than timed, so a busy machine cannot make
// the test flaky.
async function countSetProbes(run: () => Promise<void>): Promise<number> {
  const has = Set.prototype.has
  let probes = 0
  Set.prototype.has = function (this: Set<unknown>, value: unknown): boolean {
    probes++
    return has.call(this, value)
  }
  try {
    await run()
  } finally {
    Set.prototype.has = has
  }
  return probes
}

describe('toolCallFixes de-duplicates ids with linear work', () => {
  // 4,000 batches of two with one parent id: 8,000 split calls, every first
  // child keeping `call_same` and every second child the same derived id.
  const REPEATS = 4000
  const calls = new Array<ModelCall>(REPEATS).fill(batch('call_same'))
  const CALLS = REPEATS * 2
  // A few probes per call (tool names, declared tools, taken ids); probing
  // suffixes from `_d2` for each repeat would take tens of millions.
  const BUDGET = CALLS * 20

  it.each(['generic', 'mistral'] as const)('8,000 split calls sharing ids (generate, %s)', async (provider) => {
    const middleware = toolCallFixes({ provider })
    let ids: string[] = []
    const probes = await countSetProbes(async () => {
      const result = await middleware.wrapGenerate!({
        doGenerate: async () => generated(calls.map(toolCallPart)),
        doStream: async () => {
          throw new Error('not streamed')
        },
        params: { prompt: [] },
        model: twoTurnModel([]).model,
      })
      ids = result.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []))
    })
    expect(ids).toHaveLength(CALLS)
    expect(new Set(ids).size).toBe(CALLS)
    expect(probes).toBeLessThan(BUDGET)
  })

  it('8,000 split calls sharing ids (stream)', async () => {
    const middleware = toolCallFixes({ provider: 'openai' })
    const ids: string[] = []
    const probes = await countSetProbes(async () => {
      const result = await middleware.wrapStream!({
        doGenerate: async () => {
          throw new Error('not generated')
        },
        doStream: async () => streamed(streamedParts(calls, undefined, false)),
        params: { prompt: [] },
        model: twoTurnModel([]).model,
      })
      const reader = result.stream.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        if (value.type === 'tool-call') ids.push(value.toolCallId)
      }
    })
    expect(ids).toHaveLength(CALLS)
    expect(new Set(ids).size).toBe(CALLS)
    expect(probes).toBeLessThan(BUDGET)
  })
})
