import type { Message, Model, ModelRequest, ModelTurn, ToolCall } from './types.js'

/** Where the OpenAI-compatible endpoint is. */
export interface OpenAiModelOptions {
  /** e.g. `https://api.openai.com/v1` (any Chat Completions compatible server). */
  readonly baseUrl: string
  readonly apiKey: string
  readonly model: string
  /** Injected for tests; defaults to the global `fetch`. */
  readonly fetch?: typeof fetch
}

type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: readonly ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string }

function toWire(message: Message): WireMessage {
  switch (message.role) {
    case 'assistant':
      return message.toolCalls.length === 0
        ? { role: 'assistant', content: message.content }
        : { role: 'assistant', content: message.content, tool_calls: message.toolCalls }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
    default:
      return { role: message.role, content: message.content }
  }
}

/**
 * Reads the environment for a live model: `AGENT_DEMO_BASE_URL`,
 * `AGENT_DEMO_API_KEY`, `AGENT_DEMO_MODEL`. Returns `undefined` unless all
 * three are set: the demo never needs a network or a key.
 */
export function openAiOptionsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): OpenAiModelOptions | undefined {
  const { AGENT_DEMO_BASE_URL: baseUrl, AGENT_DEMO_API_KEY: apiKey, AGENT_DEMO_MODEL: model } = env
  return baseUrl && apiKey && model ? { baseUrl, apiKey, model } : undefined
}

/**
 * A live model behind the same interface as the scripted one: one Chat
 * Completions request per turn, the history sent as stored (batches already
 * split, so every tool result pairs with a call the provider has seen).
 *
 * @example
 * const model = createOpenAiModel({ baseUrl: 'https://api.openai.com/v1', apiKey, model: 'gpt-4.1-mini' })
 */
export function createOpenAiModel(options: OpenAiModelOptions): Model {
  const request = options.fetch ?? fetch
  return {
    name: `openai:${options.model}`,
    async next({ messages, tools, signal }: ModelRequest): Promise<ModelTurn> {
      const response = await request(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({
          model: options.model,
          messages: messages.map(toWire),
          tools: tools.map((tool) => ({ type: 'function', function: tool })),
        }),
        ...(signal === undefined ? {} : { signal }),
      })
      const text = await response.text()
      if (!response.ok) throw new Error(`model request failed: HTTP ${response.status}: ${text.slice(0, 300)}`)
      const body = JSON.parse(text) as {
        choices?: { message?: { content?: string | null; tool_calls?: ToolCall[] } }[]
      }
      const message = body.choices?.[0]?.message
      if (message === undefined) throw new Error(`model response has no choices[0].message: ${text.slice(0, 300)}`)
      return {
        content: message.content ?? null,
        toolCalls: (message.tool_calls ?? []).map((call) => ({
          id: call.id,
          type: 'function',
          function: call.function,
        })),
      }
    },
  }
}
