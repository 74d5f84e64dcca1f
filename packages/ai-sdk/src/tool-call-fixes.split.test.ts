import { deterministicCallId } from '@x/batch-split'
import { generateText, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai'
import type { ToolSet } from 'ai'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import type { ModelCall } from './test-support/model-turns.js'
import { generated, toolCallPart, twoTurnModel } from './test-support/model-turns.js'
import { toolCallFixes } from './tool-call-fixes.js'

function recordingTools(): { tools: ToolSet; received: Array<[string, unknown]> } {
  const received: Array<[string, unknown]> = []
  const record = (name: string) => async (input: unknown) => {
    received.push([name, input])
    return { tool: name, input }
  }
  return {
    received,
    tools: {
      read_file: tool({ inputSchema: z.object({ path: z.string() }), execute: record('read_file') }),
      count_lines: tool({
        inputSchema: z.object({ path: z.string(), limit: z.number().int() }),
        execute: record('count_lines'),
      }),
      open_ticket: tool({ inputSchema: z.object({ title: z.string() }), execute: record('open_ticket') }),
    },
  }
}

const batchOfThree: ModelCall = {
  id: 'call_batch1',
  name: 'tool_call',
  input: JSON.stringify({
    calls: [
      { name: 'read_file', arguments: { path: 'a.md' } },
      { name: 'count_lines', arguments: '{"path":"b.md","limit":3}' },
      { name: 'open_ticket', arguments: { title: 'Fix the docs' } },
    ],
  }),
}
// Ids as @x/batch-split derives them: the first child keeps the parent's id.
const batchIds = [
  'call_batch1',
  deterministicCallId('count_lines', 'call_batch1{"path":"b.md","limit":3}', 1),
  deterministicCallId('open_ticket', 'call_batch1{"title":"Fix the docs"}', 2),
]
const batchInputs = [{ path: 'a.md' }, { path: 'b.md', limit: 3 }, { title: 'Fix the docs' }]

const parallel: ModelCall = {
  id: 'call_par',
  name: 'multi_tool_use.parallel',
  input: JSON.stringify({
    tool_uses: [
      { recipient_name: 'functions.read_file', parameters: { path: 'a.md' } },
      { recipient_name: 'functions.open_ticket', parameters: { title: 'Ship' } },
    ],
  }),
}

describe('toolCallFixes splits batched calls (generateText)', () => {
  it('runs each entry of a 3-entry tool_call batch as its own tool, in entry order', async () => {
    const { model } = twoTurnModel([batchOfThree])
    const { tools, received } = recordingTools()
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
      tools,
      prompt: 'go',
      stopWhen: stepCountIs(2),
    })
    expect(received).toEqual([
      ['read_file', batchInputs[0]],
      ['count_lines', batchInputs[1]],
      ['open_ticket', batchInputs[2]],
    ])
    expect(result.steps[0]!.toolResults.map((part) => [part.toolCallId, part.toolName])).toEqual([
      [batchIds[0], 'read_file'],
      [batchIds[1], 'count_lines'],
      [batchIds[2], 'open_ticket'],
    ])
  })

  it('gives the next step a history where every call is paired with its result', async () => {
    const { model, seen } = twoTurnModel([batchOfThree])
    const { tools } = recordingTools()
    await generateText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
      tools,
      prompt: 'go',
      stopWhen: stepCountIs(2),
    })
    const history = seen[1]!.prompt
    const calls = history
      .flatMap((message) => (message.role === 'assistant' ? message.content : []))
      .filter((part) => part.type === 'tool-call')
    const results = history
      .flatMap((message) => (message.role === 'tool' ? message.content : []))
      .filter((part) => part.type === 'tool-result')
    expect(calls.map((part) => [part.toolCallId, part.toolName, part.input])).toEqual([
      [batchIds[0], 'read_file', batchInputs[0]],
      [batchIds[1], 'count_lines', batchInputs[1]],
      [batchIds[2], 'open_ticket', batchInputs[2]],
    ])
    expect(results.map((part) => [part.toolCallId, part.toolName])).toEqual(
      calls.map((part) => [part.toolCallId, part.toolName]),
    )
  })

  it('unwraps multi_tool_use.parallel into one call per tool use', async () => {
    const { model } = twoTurnModel([parallel])
    const { tools, received } = recordingTools()
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
      tools,
      prompt: 'go',
      stopWhen: stepCountIs(2),
    })
    expect(received).toEqual([
      ['read_file', { path: 'a.md' }],
      ['open_ticket', { title: 'Ship' }],
    ])
    expect(result.steps[0]!.toolCalls.map((part) => part.toolCallId)).toEqual([
      'call_par',
      deterministicCallId('open_ticket', 'call_par{"title":"Ship"}', 1),
    ])
  })

  it('splits into tool_call children when the request offers a tool_call tool (a bridge)', async () => {
    const { model } = twoTurnModel([batchOfThree])
    const received: unknown[] = []
    const tools = {
      tool_call: tool({
        inputSchema: z.object({
          calls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) })),
        }),
        execute: async (input) => {
          received.push(input)
          return 'ok'
        },
      }),
    }
    await generateText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
      tools,
      prompt: 'go',
      stopWhen: stepCountIs(2),
    })
    expect(received).toEqual([
      { calls: [{ name: 'read_file', arguments: batchInputs[0] }] },
      { calls: [{ name: 'count_lines', arguments: batchInputs[1] }] },
      { calls: [{ name: 'open_ticket', arguments: batchInputs[2] }] },
    ])
  })

  it('leaves batches whole with splitBatches: false', async () => {
    const { model } = twoTurnModel([batchOfThree])
    const { tools, received } = recordingTools()
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes({ splitBatches: false }) }),
      tools,
      prompt: 'go',
      stopWhen: stepCountIs(2),
    })
    expect(received).toEqual([])
    expect(result.steps[0]!.toolCalls.map((part) => [part.toolCallId, part.toolName])).toEqual([
      ['call_batch1', 'tool_call'],
    ])
  })

  it('gives the same ids when the same answer is replayed', async () => {
    const ids = async (): Promise<string[]> => {
      const { model } = twoTurnModel([batchOfThree, parallel])
      const result = await generateText({
        model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
        tools: recordingTools().tools,
        prompt: 'go',
      })
      return result.toolCalls.map((part) => part.toolCallId)
    }
    const first = await ids()
    expect(new Set(first).size).toBe(5)
    expect(await ids()).toEqual(first)
  })
})

describe('toolCallFixes splits batched calls (streamText)', () => {
  async function streamParts(calls: ModelCall[], withInput = true) {
    const { model } = twoTurnModel(calls, { withInput })
    const { tools, received } = recordingTools()
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
      tools,
      prompt: 'go',
      stopWhen: stepCountIs(2),
    })
    const parts: Array<Record<string, unknown>> = []
    for await (const part of result.fullStream) parts.push(part as unknown as Record<string, unknown>)
    return { parts, received }
  }

  it('runs each entry of a streamed batch, in entry order', async () => {
    const { received } = await streamParts([batchOfThree])
    expect(received).toEqual([
      ['read_file', batchInputs[0]],
      ['count_lines', batchInputs[1]],
      ['open_ticket', batchInputs[2]],
    ])
  })

  it('streams start, one delta with the final input, end, then the call, for each child', async () => {
    const { parts } = await streamParts([batchOfThree])
    const inputParts = parts.filter(
      (part) => typeof part['type'] === 'string' && /^tool-(input|call$)/.test(part['type'] as string),
    )
    expect(
      inputParts.map((part) => [
        part['type'],
        part['id'] ?? part['toolCallId'],
        part['toolName'] ?? part['delta'] ?? null,
      ]),
    ).toEqual(
      batchIds.flatMap((id, index) => [
        ['tool-input-start', id, ['read_file', 'count_lines', 'open_ticket'][index]],
        ['tool-input-delta', id, JSON.stringify(batchInputs[index])],
        ['tool-input-end', id, null],
        ['tool-call', id, ['read_file', 'count_lines', 'open_ticket'][index]],
      ]),
    )
  })

  it("replays the model's own input deltas for a call it leaves alone", async () => {
    const call: ModelCall = { id: 'call_plain', name: 'read_file', input: '{"path":"a.md"}' }
    const { parts } = await streamParts([call])
    expect(parts.filter((part) => part['type'] === 'tool-input-delta').map((part) => part['delta'])).toEqual([
      call.input.slice(0, 7),
      call.input.slice(7),
    ])
  })

  it('adds no input parts to children when the model streamed none', async () => {
    const { parts, received } = await streamParts([parallel], false)
    expect(parts.filter((part) => String(part['type']).startsWith('tool-input'))).toEqual([])
    expect(received.map(([name]) => name)).toEqual(['read_file', 'open_ticket'])
  })
})

describe('toolCallFixes given params its transformParams did not prepare', () => {
  it('still splits (names are then taken as the tools were declared)', async () => {
    const middleware = toolCallFixes()
    const params = { prompt: [] }
    const result = await middleware.wrapGenerate!({
      doGenerate: async () => generated([toolCallPart(batchOfThree)]),
      doStream: async () => {
        throw new Error('not streamed')
      },
      params,
      model: twoTurnModel([]).model,
    })
    expect(result.content.map((part) => (part.type === 'tool-call' ? part.toolName : part.type))).toEqual([
      'read_file',
      'count_lines',
      'open_ticket',
    ])
  })
})
