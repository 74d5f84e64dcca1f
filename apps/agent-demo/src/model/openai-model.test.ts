import { describe, expect, it } from 'vitest'
import { createOpenAiModel, openAiOptionsFromEnv } from './openai-model.js'

describe('OpenAI-compatible model', () => {
  it('sends the stored history in Chat Completions shape and reads one assistant turn back', async () => {
    let sent: { url: string; body: unknown; auth: string | null } | undefined
    const fakeFetch = (async (url: string, init: RequestInit) => {
      sent = { url, body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get('authorization') }
      return new Response(
        JSON.stringify({
          choices: [
            {
              message: {
                content: null,
                tool_calls: [
                  { id: 'c1', type: 'function', function: { name: 'tool_search', arguments: '{"query":"x"}' } },
                ],
              },
            },
          ],
        }),
      )
    }) as typeof fetch
    const model = createOpenAiModel({ baseUrl: 'https://example.test/v1/', apiKey: 'k', model: 'm', fetch: fakeFetch })
    const turn = await model.next({
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: null,
          toolCalls: [{ id: 'c0', type: 'function', function: { name: 'tool_call', arguments: '{}' } }],
        },
        { role: 'tool', toolCallId: 'c0', content: 'ok', status: 'ok', argsSent: {} },
      ],
      tools: [{ name: 'tool_search', description: 'd', parameters: { type: 'object' } }],
    })
    expect(sent).toEqual({
      url: 'https://example.test/v1/chat/completions',
      auth: 'Bearer k',
      body: {
        model: 'm',
        messages: [
          { role: 'user', content: 'go' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c0', type: 'function', function: { name: 'tool_call', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c0', content: 'ok' },
        ],
        tools: [
          { type: 'function', function: { name: 'tool_search', description: 'd', parameters: { type: 'object' } } },
        ],
      },
    })
    expect(turn).toEqual({
      content: null,
      toolCalls: [{ id: 'c1', type: 'function', function: { name: 'tool_search', arguments: '{"query":"x"}' } }],
    })
  })

  it('reports an HTTP error with its status', async () => {
    const model = createOpenAiModel({
      baseUrl: 'https://example.test',
      apiKey: 'k',
      model: 'm',
      fetch: (async () => new Response('nope', { status: 401 })) as typeof fetch,
    })
    await expect(model.next({ messages: [], tools: [] })).rejects.toThrow('model request failed: HTTP 401: nope')
  })

  it('is configured only when base URL, key and model are all in the environment', () => {
    expect(openAiOptionsFromEnv({ AGENT_DEMO_BASE_URL: 'u', AGENT_DEMO_API_KEY: 'k' })).toBeUndefined()
    expect(openAiOptionsFromEnv({ AGENT_DEMO_BASE_URL: 'u', AGENT_DEMO_API_KEY: 'k', AGENT_DEMO_MODEL: 'm' })).toEqual({
      baseUrl: 'u',
      apiKey: 'k',
      model: 'm',
    })
  })
})
