import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai'
import type { JSONSchema7, ToolSet } from 'ai'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import type { ModelCall } from './test-support/model-turns.js'
import { answeringModel } from './test-support/model-turns.js'
import type { ShownTool } from './test-support/shown-tools.js'
import { shownArgs, shownTools } from './test-support/shown-tools.js'
import type { CallOptions } from './internal/types.js'
import { coerceTools } from './coerce-tools.js'
import { toolCallFixes } from './tool-call-fixes.js'

// Every tool and property carries a unique description: the mock model finds
// what it was shown by description, as a real model reads it, whatever names
// and keys the provider profile chose.
const ticketSchema: JSONSchema7 = {
  type: 'object',
  properties: {
    'first name': { type: 'string', description: 'assignee' },
    count: { type: 'integer', description: 'count' },
    urgent: { type: 'boolean', description: 'urgent' },
    labels: { $ref: '#/$defs/Labels', description: 'labels' },
  },
  required: ['first name', 'count'],
  $defs: { Labels: { type: 'object', properties: { names: { type: 'array', items: { type: 'string' } } } } },
}

function recordingTools(): { tools: ToolSet; received: Array<[string, unknown]> } {
  const received: Array<[string, unknown]> = []
  const record = (name: string) => async (input: unknown) => {
    received.push([name, input])
    return { ok: name }
  }
  return {
    received,
    tools: {
      'create ticket': tool({
        description: 'TICKET',
        inputSchema: jsonSchema(ticketSchema),
        execute: record('create ticket'),
      }),
      count_lines: tool({
        description: 'COUNT',
        inputSchema: z.object({ path: z.string().describe('path'), limit: z.number().int().describe('limit') }),
        execute: record('count_lines'),
      }),
      'read.file': tool({
        description: 'READ',
        inputSchema: z.object({ path: z.string().describe('path') }),
        execute: record('read.file'),
      }),
    },
  }
}

// What models send: "5", "true", an object as JSON text, the keys they were shown.
const mistypedTicket = { assignee: 'Ada', count: '5', urgent: 'true', labels: '{"names":["a","b"]}' }
const declaredTicket = { 'first name': 'Ada', count: 5, urgent: true, labels: { names: ['a', 'b'] } }

const single = (params: CallOptions): ModelCall[] => {
  const shown = shownTools(params)
  return [
    { id: 'call_1', name: shown['TICKET']!.name, input: JSON.stringify(shownArgs(shown['TICKET']!, mistypedTicket)) },
  ]
}

const batchEntries = (shown: Record<string, ShownTool>) => [
  { name: shown['READ']!.name, arguments: shownArgs(shown['READ']!, { path: 'a.md' }) },
  { name: shown['COUNT']!.name, arguments: JSON.stringify(shownArgs(shown['COUNT']!, { path: 'b.md', limit: '3' })) },
  { name: shown['TICKET']!.name, arguments: shownArgs(shown['TICKET']!, mistypedTicket) },
]
const batch = (params: CallOptions): ModelCall[] => [
  { id: 'call_b', name: 'tool_call', input: JSON.stringify({ calls: batchEntries(shownTools(params)) }) },
]
const parallel = (params: CallOptions): ModelCall[] => [
  {
    id: 'call_p',
    name: 'multi_tool_use.parallel',
    input: JSON.stringify({
      tool_uses: batchEntries(shownTools(params)).map((entry) => ({
        recipient_name: `functions.${entry.name}`,
        parameters: typeof entry.arguments === 'string' ? JSON.parse(entry.arguments) : entry.arguments,
      })),
    }),
  },
]
const expectedEntries: Array<[string, unknown]> = [
  ['read.file', { path: 'a.md' }],
  ['count_lines', { path: 'b.md', limit: 3 }],
  ['create ticket', declaredTicket],
]

// Tool names each provider's API documents as accepted (Gemini also takes
// dots, colons and dashes, and wants a letter or `_` first).
const DASHED = /^[A-Za-z0-9_-]{1,64}$/
const PROVIDERS = [
  ['openai.chat', DASHED],
  ['anthropic.messages', DASHED],
  ['google.generative-ai', /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/],
  ['amazon-bedrock', DASHED],
  ['mistral.chat', DASHED],
] as const
const cases = PROVIDERS.flatMap(([provider, toolName]) =>
  (['generateText', 'streamText'] as const).map((mode) => ({ provider, mode, toolName })),
)

async function run(
  answer: (params: CallOptions) => ModelCall[],
  provider: string,
  mode: 'generateText' | 'streamText',
) {
  const { model, seen } = answeringModel(answer, { provider })
  const { tools, received } = recordingTools()
  const settings = {
    model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
    tools,
    prompt: 'go',
    stopWhen: stepCountIs(2),
  }
  const steps = mode === 'generateText' ? (await generateText(settings)).steps : await streamText(settings).steps
  return { seen, received, steps }
}

/** Checks that every tool call and result of the prompt uses only names and keys the model was shown in that request. */
function historyUsesShownForms(params: CallOptions): boolean {
  const shown = Object.values(shownTools(params))
  const byName = new Map(
    shown.map((tool) => [tool.name, new Set(Object.keys((tool.schema['properties'] ?? {}) as object))]),
  )
  return params.prompt.every((message) =>
    message.role !== 'assistant' && message.role !== 'tool'
      ? true
      : message.content.every((part) => {
          if (part.type === 'tool-result') return byName.has(part.toolName)
          if (part.type !== 'tool-call') return true
          const keys = byName.get(part.toolName)
          return keys !== undefined && Object.keys(part.input as object).every((key) => keys.has(key))
        }),
  )
}

describe.each(cases)('toolCallFixes end to end ($provider, $mode)', ({ provider, mode, toolName }) => {
  it('shows the model tool names the provider accepts', async () => {
    const { seen } = await run(single, provider, mode)
    const names = Object.values(shownTools(seen[0]!)).map((shown) => shown.name)
    expect([names.length, names.every((name) => toolName.test(name))]).toEqual([3, true])
  })

  it('gives execute the declared types and original keys for "5", "true", JSON text and renamed keys', async () => {
    const { received } = await run(single, provider, mode)
    expect(received).toEqual([['create ticket', declaredTicket]])
  })

  it('runs a 3-entry tool_call batch as three calls, results in entry order', async () => {
    const { received, steps } = await run(batch, provider, mode)
    expect([received, steps[0]!.toolResults.map((part) => part.toolName)]).toEqual([
      expectedEntries,
      expectedEntries.map(([name]) => name),
    ])
  })

  it('runs a multi_tool_use.parallel wrapper as one call per use, results in order', async () => {
    const { received, steps } = await run(parallel, provider, mode)
    expect([received, steps[0]!.toolResults.map((part) => part.toolName)]).toEqual([
      expectedEntries,
      expectedEntries.map(([name]) => name),
    ])
  })

  it('sends the next step a history in the names and keys the model was shown, every call paired', async () => {
    const { seen } = await run(batch, provider, mode)
    const next = seen[1]!
    const calls = next.prompt
      .flatMap((message) => (message.role === 'assistant' ? message.content : []))
      .filter((part) => part.type === 'tool-call')
    const results = next.prompt
      .flatMap((message) => (message.role === 'tool' ? message.content : []))
      .filter((part) => part.type === 'tool-result')
    expect([historyUsesShownForms(next), calls.length, results.map((part) => part.toolCallId)]).toEqual([
      true,
      3,
      calls.map((part) => part.toolCallId),
    ])
  })
})

describe('toolCallFixes: what the request looks like', () => {
  it('writes a forced tool choice with the name the model is shown', async () => {
    const { model, seen } = answeringModel(single, { provider: 'openai.chat' })
    await generateText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
      tools: recordingTools().tools,
      toolChoice: { type: 'tool', toolName: 'create ticket' },
      prompt: 'go',
    })
    const choice = seen[0]!.toolChoice
    expect(choice?.type === 'tool' ? choice.toolName : undefined).toBe(shownTools(seen[0]!)['TICKET']!.name)
  })

  it('asks OpenAI to enforce strict mode only when openai-strict is given', async () => {
    const strictFlags = async (provider?: 'openai-strict') => {
      const { model, seen } = answeringModel(() => [], { provider: 'openai.chat' })
      await generateText({
        model: wrapLanguageModel({ model, middleware: toolCallFixes(provider === undefined ? {} : { provider }) }),
        tools: recordingTools().tools,
        prompt: 'go',
      })
      return seen[0]!.tools!.map((sent) => (sent.type === 'function' ? sent.strict : undefined))
    }
    expect([await strictFlags(), await strictFlags('openai-strict')]).toEqual([
      [undefined, undefined, undefined],
      [true, true, true],
    ])
  })

  it('restores strict-mode answers (nulls for optional values) to what the tool declared', async () => {
    const answer = (params: CallOptions): ModelCall[] => {
      const shown = shownTools(params)['TICKET']!
      return [
        {
          id: 'call_1',
          name: shown.name,
          input: JSON.stringify(shownArgs(shown, { assignee: 'Ada', count: '2', urgent: null, labels: null })),
        },
      ]
    }
    const { model } = answeringModel(answer, { provider: 'openai.chat' })
    const { tools, received } = recordingTools()
    await generateText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes({ provider: 'openai-strict' }) }),
      tools,
      prompt: 'go',
      stopWhen: stepCountIs(2),
    })
    expect(received).toEqual([['create ticket', { 'first name': 'Ada', count: 2 }]])
  })

  it('works together with coerceTools (the restored call is already typed)', async () => {
    const { model } = answeringModel(batch, { provider: 'anthropic.messages' })
    const { tools, received } = recordingTools()
    await generateText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
      tools: coerceTools(tools),
      prompt: 'go',
      stopWhen: stepCountIs(2),
    })
    expect(received).toEqual(expectedEntries)
  })

  it('writes input examples with the keys the model is shown', async () => {
    const { model, seen } = answeringModel(() => [], { provider: 'openai.chat' })
    const example = tool({
      description: 'EXAMPLE',
      inputSchema: jsonSchema(ticketSchema),
      inputExamples: [{ input: { 'first name': 'Ada', count: 1 } }],
      execute: async () => 'ok',
    })
    await generateText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
      tools: { example },
      prompt: 'go',
    })
    const sent = seen[0]!.tools![0]!
    const shown = shownTools(seen[0]!)['EXAMPLE']!
    expect(sent.type === 'function' ? sent.inputExamples : undefined).toEqual([
      { input: { [shown.keys['assignee']!]: 'Ada', count: 1 } },
    ])
  })

  it('streams the input of a restored call under its original name, deltas equal to the final input', async () => {
    const { model } = answeringModel(single, { provider: 'openai.chat' })
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
      tools: recordingTools().tools,
      prompt: 'go',
    })
    const parts: Array<Record<string, unknown>> = []
    for await (const part of result.fullStream) parts.push(part as unknown as Record<string, unknown>)
    const start = parts.find((part) => part['type'] === 'tool-input-start')
    const deltas = parts.filter((part) => part['type'] === 'tool-input-delta').map((part) => part['delta'])
    const call = parts.find((part) => part['type'] === 'tool-call')
    expect([start?.['toolName'], call?.['toolName'], JSON.parse(deltas.join(''))]).toEqual([
      'create ticket',
      'create ticket',
      declaredTicket,
    ])
  })
})
