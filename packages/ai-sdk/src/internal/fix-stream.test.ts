import { convertArrayToReadableStream, convertReadableStreamToArray } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { streamedParts } from '../test-support/model-turns.js'
import { fixStream } from './fix-stream.js'
import type { AnswerFixer } from './request-fixes.js'
import { createAnswerFixer } from './request-fixes.js'
import type { StreamPart, ToolCallContent } from './types.js'

const run = (parts: StreamPart[], fix: AnswerFixer) =>
  convertReadableStreamToArray(fixStream(convertArrayToReadableStream(parts), fix))
const splitting = createAnswerFixer({
  declared: new Set(),
  provider: 'generic',
  splitBatches: true,
  restore: (call) => call,
})
const batch = {
  id: 'call_b',
  name: 'tool_call',
  input: JSON.stringify({
    calls: [
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: {} },
    ],
  }),
}

/** For every streamed call: its final input, and what its deltas concatenate to (undefined when none were streamed). */
function inputsById(parts: StreamPart[]): Array<[string, string, string | undefined]> {
  const deltas = new Map<string, string>()
  for (const part of parts) {
    if (part.type === 'tool-input-start') deltas.set(part.id, '')
    if (part.type === 'tool-input-delta') deltas.set(part.id, (deltas.get(part.id) ?? '') + part.delta)
  }
  return parts.flatMap((part) =>
    part.type === 'tool-call' ? [[part.toolCallId, part.input, deltas.get(part.toolCallId)]] : [],
  )
}

describe('fixStream', () => {
  it('streams, for every rewritten call, deltas that concatenate to its final input', async () => {
    const out = await run(streamedParts([batch, { id: 'call_c', name: 'c', input: '{"y":2}' }]), splitting)
    expect(inputsById(out).map(([id, input, deltas]) => [id, input === deltas])).toEqual([
      ['call_b', true],
      [expect.stringMatching(/^call_[0-9a-f]{12}$/), true],
      ['call_c', true],
    ])
  })

  it('never shows input for an id that no call carries', async () => {
    const out = await run(streamedParts([batch]), splitting)
    const callIds = new Set(out.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : [])))
    const inputIds = out.flatMap((part) => (part.type.startsWith('tool-input') ? [(part as { id: string }).id] : []))
    expect(inputIds.every((id) => callIds.has(id))).toBe(true)
  })

  it('passes text through at once while a call is held, and keeps every other part in order', async () => {
    const parts: StreamPart[] = [
      { type: 'tool-input-start', id: 'call_b', toolName: 'tool_call' },
      { type: 'text-delta', id: 't', delta: 'meanwhile' },
      { type: 'tool-input-delta', id: 'call_b', delta: batch.input },
      { type: 'tool-input-end', id: 'call_b' },
      { type: 'tool-call', toolCallId: 'call_b', toolName: 'tool_call', input: batch.input },
    ]
    const types = (await run(parts, splitting)).map((part) => part.type)
    expect(types).toEqual([
      'text-delta',
      ...Array(2).fill(['tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call']).flat(),
    ])
  })

  it('releases input parts whose call never came before finish', async () => {
    const parts: StreamPart[] = [
      { type: 'tool-input-start', id: 'call_x', toolName: 'a' },
      { type: 'tool-input-delta', id: 'call_x', delta: '{' },
      {
        type: 'finish',
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        },
        finishReason: { unified: 'stop', raw: undefined },
      },
    ]
    expect((await run(parts, splitting)).map((part) => part.type)).toEqual([
      'tool-input-start',
      'tool-input-delta',
      'finish',
    ])
  })

  it('releases held parts at the end of a stream without finish', async () => {
    const parts: StreamPart[] = [{ type: 'tool-input-start', id: 'call_x', toolName: 'a' }]
    expect(await run(parts, splitting)).toEqual(parts)
  })

  it('passes provider-executed input and calls through untouched and live', async () => {
    const seen: ToolCallContent[] = []
    const fix: AnswerFixer = (call) => {
      seen.push(call)
      return splitting(call)
    }
    const parts: StreamPart[] = [
      { type: 'tool-input-start', id: 'ws', toolName: 'web_search', providerExecuted: true },
      { type: 'tool-input-delta', id: 'ws', delta: '{}' },
      { type: 'tool-call', toolCallId: 'ws', toolName: 'web_search', input: '{}', providerExecuted: true },
    ]
    const out = await run(parts, fix)
    expect([out, seen.length]).toEqual([parts, 1])
  })

  it('keeps the provider metadata of the input start on the first child only', async () => {
    const parts = streamedParts([batch]).map((part) =>
      part.type === 'tool-input-start'
        ? { ...part, providerMetadata: { p: { signature: 's' } }, inputEncoding: 'text' as const }
        : part,
    )
    const starts = (await run(parts, splitting)).filter((part) => part.type === 'tool-input-start')
    expect(starts.map((part) => [part.providerMetadata, part.inputEncoding])).toEqual([
      [{ p: { signature: 's' } }, undefined],
      [undefined, undefined],
    ])
  })
})
