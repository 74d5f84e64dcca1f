// One contract, run against every store shipped here; store-specific
// behaviour (SQLite's one-result-per-call constraint, JSONL's torn lines) is
// tested beside each store.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { AssistantMessage, ToolMessage } from '../model/types.js'
import { createJsonlStore } from './jsonl-store.js'
import { createMemoryStore } from './memory-store.js'
import { createSqliteStore } from './sqlite-store.js'
import type { SessionStore } from './types.js'

const root = mkdtempSync(join(tmpdir(), 'agent-demo-store-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let count = 0
const jsonlDir = (): string => join(root, String((count += 1)))

const assistant: AssistantMessage = {
  role: 'assistant',
  content: null,
  toolCalls: [
    {
      id: 'call_1',
      type: 'function',
      function: { name: 'tool_call', arguments: '{"calls":[{"name":"a","arguments":{}}]}' },
    },
    {
      id: 'call_2',
      type: 'function',
      function: { name: 'tool_call', arguments: '{"calls":[{"name":"b","arguments":{}}]}' },
    },
  ],
  modelCallCount: 1,
}
const result = (id: string): ToolMessage => ({
  role: 'tool',
  toolCallId: id,
  content: `ran ${id}`,
  status: 'ok',
  timing: { startedAt: 5, durationMs: 1 },
})

describe.each([
  ['memory', () => createMemoryStore()],
  ['jsonl', () => createJsonlStore(jsonlDir())],
  ['sqlite', () => createSqliteStore(join(root, `${(count += 1)}.db`))],
] as const)('%s store', (_name, create: () => SessionStore) => {
  it('keeps messages in append order with gap-free positions and their times', async () => {
    const store = create()
    await store.createSession({ id: 's1', createdAt: 1, title: 'one', meta: { scenario: 'x' } })
    await store.appendMessage('s1', { role: 'user', content: 'go' }, 2)
    await store.appendAssistantTurn('s1', assistant, 3)
    await store.appendToolResult('s1', result('call_1'), 4)
    await store.appendToolResult('s1', result('call_2'), 5)
    const messages = await store.loadMessages('s1')
    expect(messages.map((message) => [message.seq, message.at, message.message.role])).toEqual([
      [0, 2, 'user'],
      [1, 3, 'assistant'],
      [2, 4, 'tool'],
      [3, 5, 'tool'],
    ])
    expect(messages[1]!.message).toEqual(assistant)
    expect(messages[3]!.message).toEqual(result('call_2'))
  })

  it('lists sessions with their headers and message counts, and reads one header', async () => {
    const store = create()
    await store.createSession({ id: 'b', createdAt: 20, title: 'second', meta: {} })
    await store.createSession({ id: 'a', createdAt: 10, title: 'first', meta: { k: [1] } })
    await store.appendMessage('a', { role: 'user', content: 'x' }, 11)
    expect(await store.listSessions()).toEqual([
      { id: 'a', createdAt: 10, title: 'first', meta: { k: [1] }, messageCount: 1 },
      { id: 'b', createdAt: 20, title: 'second', meta: {}, messageCount: 0 },
    ])
    expect(await store.getSession('a')).toEqual({ id: 'a', createdAt: 10, title: 'first', meta: { k: [1] } })
    expect(await store.getSession('nope')).toBeUndefined()
  })

  it('rejects a duplicate session id and appends to an unknown session', async () => {
    const store = create()
    await store.createSession({ id: 'dup', createdAt: 0, title: '', meta: {} })
    await expect(store.createSession({ id: 'dup', createdAt: 0, title: '', meta: {} })).rejects.toThrow(
      'already exists',
    )
    await expect(store.appendMessage('ghost', { role: 'user', content: '' }, 0)).rejects.toThrow(
      "unknown session 'ghost'",
    )
  })

  it('is not changed by a caller mutating what it appended or loaded', async () => {
    const store = create()
    await store.createSession({ id: 'm', createdAt: 0, title: '', meta: {} })
    const message = { role: 'user' as const, content: 'before' }
    await store.appendMessage('m', message, 0)
    message.content = 'after'
    const loaded = await store.loadMessages('m')
    ;(loaded[0]!.message as { content: string }).content = 'changed'
    expect((await store.loadMessages('m'))[0]!.message).toEqual({ role: 'user', content: 'before' })
  })

  it('loads an unknown session as empty', async () => {
    expect(await create().loadMessages('unknown')).toEqual([])
  })
})

describe('jsonl store', () => {
  it('ignores a torn last line left by a crash mid-append and keeps numbering after it', async () => {
    const dir = jsonlDir()
    const store = createJsonlStore(dir)
    await store.createSession({ id: 'torn', createdAt: 0, title: '', meta: {} })
    await store.appendAssistantTurn('torn', assistant, 1)
    appendFileSync(join(dir, 'torn.jsonl'), '{"type":"message","seq":1,"at":2,"mess')
    const reopened = createJsonlStore(dir)
    expect((await reopened.loadMessages('torn')).map((message) => message.seq)).toEqual([0])
    await reopened.appendToolResult('torn', result('call_1'), 3)
    expect(
      (await createJsonlStore(dir).loadMessages('torn')).map((message) => [message.seq, message.message.role]),
    ).toEqual([
      [0, 'assistant'],
      [1, 'tool'],
    ])
  })

  it('refuses a session id that is not a safe file name', async () => {
    await expect(
      createJsonlStore(jsonlDir()).createSession({ id: '../escape', createdAt: 0, title: '', meta: {} }),
    ).rejects.toThrow(TypeError)
  })
})
