import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readAndTicket } from '../scenarios/read-and-ticket.js'
import { createMemoryStore } from '../store/memory-store.js'
import { liveChat } from './live-chat.js'

describe('chat --live', () => {
  it('sends each typed line to the live model and runs its batched tool_call through the loop', async () => {
    const replies = [
      {
        content: null,
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: {
              name: 'tool_call',
              arguments: JSON.stringify({
                calls: [
                  { name: 'mcp__files__read', arguments: { path: 'notes/todo.md' } },
                  { name: 'mcp__files__read', arguments: { path: 'notes/bugs.md' } },
                ],
              }),
            },
          },
        ],
      },
      { content: 'read both' },
    ]
    const fakeFetch = (async () =>
      new Response(JSON.stringify({ choices: [{ message: replies.shift() }] }))) as typeof fetch
    const store = createMemoryStore()
    const input = new PassThrough()
    let output = ''
    input.end('read the notes\n/quit\n')
    const code = await liveChat(
      store,
      readAndTicket,
      { baseUrl: 'https://example.test', apiKey: 'k', model: 'm', fetch: fakeFetch },
      { write: (text) => void (output += text), onInterrupt: () => () => {}, color: false, json: false },
      input,
    )
    expect(code).toBe(0)
    const [session] = await store.listSessions()
    const messages = (await store.loadMessages(session!.id)).map((stored) => stored.message)
    expect(messages.map((message) => (message.role === 'tool' ? `tool:${message.status}` : message.role))).toEqual([
      'user',
      'assistant',
      'tool:ok',
      'tool:ok',
      'assistant',
    ])
    expect(output).toContain('split into 2')
  })
})
