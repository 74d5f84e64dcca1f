import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai'
import type { LanguageModel } from 'ai'
import { describe, expect, it } from 'vitest'
import type { ModelCall } from './test-support/model-turns.js'
import { answeringModel } from './test-support/model-turns.js'
import { shownArgs, shownTools } from './test-support/shown-tools.js'
import type { CallOptions } from './internal/types.js'
import { toolCallFixes } from './tool-call-fixes.js'

const CALLS = 50
const PROVIDERS = ['openai.chat', 'google.generative-ai', 'anthropic.messages'] as const

/** Call `index`'s own tool: its own name and key, both needing a rename, and an integer the model sends as text. */
function toolsFor(index: number, received: unknown[]) {
  return {
    [`tool ${index}`]: tool({
      description: `TOOL ${index}`,
      inputSchema: jsonSchema({
        type: 'object',
        properties: { [`key ${index}`]: { type: 'integer', description: `KEY ${index}` } },
        required: [`key ${index}`],
      }),
      execute: async (input: unknown) => {
        received.push(input)
        return index
      },
    }),
  }
}

/** The model answers with whatever it was shown; a call shown anything but its own tool fails loudly. */
function answer(params: CallOptions): ModelCall[] {
  const shown = Object.entries(shownTools(params))
  if (shown.length !== 1)
    throw new Error(`expected one tool, was shown ${shown.map(([description]) => description).join(', ')}`)
  const [description, tool] = shown[0]!
  const index = Number(description.slice('TOOL '.length))
  // Two entries in a batch, so each request's split and restore both run.
  const entry = { name: tool.name, arguments: shownArgs(tool, { [`KEY ${index}`]: String(index) }) }
  return [{ id: `call_${index}`, name: 'tool_call', input: JSON.stringify({ calls: [entry, entry] }) }]
}

describe('toolCallFixes under concurrency', () => {
  it(`keeps ${CALLS} interleaved calls with different tools and providers apart`, async () => {
    const middleware = toolCallFixes()
    const histories: CallOptions[][] = []
    // Each provider's model is wrapped once and shared by every call made through it.
    const models: LanguageModel[] = PROVIDERS.map((provider, position) => {
      const { model, seen } = answeringModel(answer, { provider, delay: 3 + position * 2 })
      histories.push(seen)
      return wrapLanguageModel({ model, middleware })
    })
    const received: unknown[][] = Array.from({ length: CALLS }, () => [])
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, index) =>
        generateText({
          model: models[index % models.length]!,
          tools: toolsFor(index, received[index]!),
          prompt: `call ${index}`,
          stopWhen: stepCountIs(2),
        }),
      ),
    )
    expect(received).toEqual(
      Array.from({ length: CALLS }, (_, index) => [{ [`key ${index}`]: index }, { [`key ${index}`]: index }]),
    )
    expect(results.map((result) => result.steps[0]!.toolResults.map((part) => [part.toolName, part.output]))).toEqual(
      Array.from({ length: CALLS }, (_, index) => [
        [`tool ${index}`, index],
        [`tool ${index}`, index],
      ]),
    )
    // Every second turn's history names only its own request's tool.
    const ownNames = histories.flat().every((params) => {
      const shown = Object.values(shownTools(params)).map((tool) => tool.name)
      return params.prompt.every(
        (message) =>
          message.role !== 'assistant' ||
          message.content.every((part) => part.type !== 'tool-call' || shown.includes(part.toolName)),
      )
    })
    expect([histories.flat().length, ownNames]).toEqual([CALLS * 2, true])
  })
})
