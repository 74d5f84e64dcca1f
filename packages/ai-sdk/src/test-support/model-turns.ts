import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test'
import type { CallOptions, ContentPart, GenerateResult, StreamPart, StreamResult } from '../internal/types.js'

/** One tool call as a model sends it: provider-side name, JSON text input. */
export interface ModelCall {
  readonly id: string
  readonly name: string
  readonly input: string
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
}

/** A generate result with the given content. */
export function generated(content: ContentPart[]): GenerateResult {
  const calls = content.some((part) => part.type === 'tool-call')
  return { content, finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] }
}

export const toolCallPart = (call: ModelCall): ContentPart => ({
  type: 'tool-call',
  toolCallId: call.id,
  toolName: call.name,
  input: call.input,
})

/**
 * The stream parts of an answer, the way providers stream tool calls: each
 * call's input in two deltas between `tool-input-start` and `-end`, then the
 * `tool-call`. `withInput: false` streams only the `tool-call` parts, as some
 * providers do.
 */
export function streamedParts(calls: readonly ModelCall[], text?: string, withInput = true): StreamPart[] {
  const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }]
  if (text !== undefined) {
    parts.push(
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: text },
      { type: 'text-end', id: 't' },
    )
  }
  for (const call of calls) {
    if (withInput) {
      const middle = Math.floor(call.input.length / 2)
      parts.push(
        { type: 'tool-input-start', id: call.id, toolName: call.name },
        { type: 'tool-input-delta', id: call.id, delta: call.input.slice(0, middle) },
        { type: 'tool-input-delta', id: call.id, delta: call.input.slice(middle) },
        { type: 'tool-input-end', id: call.id },
      )
    }
    parts.push(toolCallPart(call) as StreamPart)
  }
  parts.push({
    type: 'finish',
    usage,
    finishReason: { unified: calls.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
  })
  return parts
}

export const streamed = (parts: StreamPart[]): StreamResult => ({ stream: convertArrayToReadableStream(parts) })

/**
 * A mock model whose first turn makes `calls` and whose later turns answer
 * "done"; `seen` records the params of every turn, as the model got them.
 */
export function twoTurnModel(
  calls: readonly ModelCall[],
  options: { provider?: string; withInput?: boolean } = {},
): { model: MockLanguageModelV3; seen: CallOptions[] } {
  const seen: CallOptions[] = []
  const model = new MockLanguageModelV3({
    provider: options.provider ?? 'mock-provider',
    doGenerate: async (params) => {
      seen.push(params)
      return seen.length === 1 ? generated(calls.map(toolCallPart)) : generated([{ type: 'text', text: 'done' }])
    },
    doStream: async (params) => {
      seen.push(params)
      return streamed(
        seen.length === 1 ? streamedParts(calls, undefined, options.withInput) : streamedParts([], 'done'),
      )
    },
  })
  return { model, seen }
}

/**
 * A mock model whose first turn makes the calls `answer` builds from what it
 * was shown (the tools as prepared for it), and whose later turns answer
 * "done". `delay` (ms) lets concurrent tests interleave turns.
 */
export function answeringModel(
  answer: (params: CallOptions) => readonly ModelCall[],
  options: { provider?: string; withInput?: boolean; delay?: number } = {},
): { model: MockLanguageModelV3; seen: CallOptions[] } {
  const seen: CallOptions[] = []
  const wait = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, options.delay ?? 0))
  const isFirst = (params: CallOptions): boolean => !params.prompt.some((message) => message.role === 'tool')
  return {
    seen,
    model: new MockLanguageModelV3({
      provider: options.provider ?? 'mock-provider',
      doGenerate: async (params) => {
        seen.push(params)
        await wait()
        return isFirst(params)
          ? generated(answer(params).map(toolCallPart))
          : generated([{ type: 'text', text: 'done' }])
      },
      doStream: async (params) => {
        seen.push(params)
        await wait()
        return streamed(
          isFirst(params) ? streamedParts(answer(params), undefined, options.withInput) : streamedParts([], 'done'),
        )
      },
    }),
  }
}
