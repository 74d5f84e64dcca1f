import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai'
import { describe, expect, it } from 'vitest'
import type { ModelCall } from './test-support/model-turns.js'
import { answeringModel } from './test-support/model-turns.js'
import { shownArgs, shownTools } from './test-support/shown-tools.js'
import type { CallOptions } from './internal/types.js'
import { toolCallFixes } from './tool-call-fixes.js'

function countTool(received: unknown[]) {
  return {
    'count lines': tool({
      description: 'COUNT',
      inputSchema: jsonSchema({
        type: 'object',
        properties: { 'max lines': { type: 'integer', description: 'max' } },
        required: ['max lines'],
      }),
      execute: async (input: unknown) => {
        received.push(input)
        return 'counted'
      },
    }),
  }
}

const shownCount = (params: CallOptions) => shownTools(params)['COUNT']!
const entries = (params: CallOptions, count: number) =>
  Array.from({ length: count }, () => ({
    name: shownCount(params).name,
    arguments: shownArgs(shownCount(params), { max: '1' }),
  }))

// The SDK hands the model its errors' messages: NoSuchToolError's and InvalidToolInputError's.
const noSuchTool = /^Model tried to call unavailable tool/
const invalidInput = /^Invalid input for tool/

const BAD_CALLS: Array<[string, (params: CallOptions) => ModelCall[], RegExp]> = [
  ['a tool no one declared', () => [{ id: 'call_1', name: 'delete_everything', input: '{}' }], noSuchTool],
  [
    'arguments that are not JSON',
    (params) => [{ id: 'call_1', name: shownCount(params).name, input: '{"max_lines": 5' }],
    invalidInput,
  ],
  [
    'a batch of 11 (over the limit of 10)',
    (params) => [{ id: 'call_1', name: 'tool_call', input: JSON.stringify({ calls: entries(params, 11) }) }],
    noSuchTool,
  ],
  [
    'a batch whose calls are not JSON',
    () => [{ id: 'call_1', name: 'tool_call', input: '{"calls": "[{"' }],
    noSuchTool,
  ],
]

describe.each(['generateText', 'streamText'] as const)('toolCallFixes with bad input (%s)', (mode) => {
  it.each(BAD_CALLS)(
    "%s: passed on as sent, reported to the model as the SDK's own tool error",
    async (_title, answer, expectedMessage) => {
      const { model, seen } = answeringModel(answer, { provider: 'openai.chat' })
      const received: unknown[] = []
      const settings = {
        model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
        tools: countTool(received),
        prompt: 'go',
        stopWhen: stepCountIs(2),
      }
      const steps = mode === 'generateText' ? (await generateText(settings)).steps : await streamText(settings).steps
      const errors = steps[0]!.content.filter((part) => part.type === 'tool-error')
      const toolMessage = seen[1]?.prompt.find((message) => message.role === 'tool')
      expect([
        received,
        errors.length,
        expectedMessage.test(String(errors[0]?.error)),
        toolMessage?.content.length,
      ]).toEqual([[], 1, true, 1])
    },
  )
})

describe('toolCallFixes with a provider id it has no profile for', () => {
  it('prepares the tools with the generic profile and still restores every call', async () => {
    const { model, seen } = answeringModel(
      (params) => [
        {
          id: 'call_1',
          name: shownCount(params).name,
          input: JSON.stringify(shownArgs(shownCount(params), { max: '3' })),
        },
      ],
      {
        provider: 'acme-llm.chat',
      },
    )
    const received: unknown[] = []
    await generateText({
      model: wrapLanguageModel({ model, middleware: toolCallFixes() }),
      tools: countTool(received),
      prompt: 'go',
      stopWhen: stepCountIs(2),
    })
    expect([/^[A-Za-z0-9_-]{1,64}$/.test(shownCount(seen[0]!).name), received]).toEqual([true, [{ 'max lines': 3 }]])
  })
})

describe('toolCallFixes options', () => {
  it.each([
    ['an unknown provider', { provider: 'openai-typo' }],
    ['a provider that is not a string', { provider: 1 }],
    ['splitBatches that is not a boolean', { splitBatches: 'yes' }],
    ['options that are not an object', 'openai'],
  ])('throws a TypeError at once for %s', (_title, options) => {
    expect(() => toolCallFixes(options as never)).toThrow(TypeError)
  })
})
