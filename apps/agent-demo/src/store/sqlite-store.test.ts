import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import type { AssistantMessage, ToolCall, ToolMessage } from '../model/types.js'
import { createSqliteStore } from './sqlite-store.js'
import {
  INTERRUPTED_CONTENT,
  interruptUnansweredCalls,
  unansweredCalls,
} from '../session/interrupt-unanswered-calls.js'
import type { SessionStore } from './types.js'

const call = (id: string, name: string, args: object): ToolCall => ({
  id,
  type: 'function',
  function: { name: 'tool_call', arguments: JSON.stringify({ calls: [{ name, arguments: args }] }) },
})
const turn: AssistantMessage = deepFreeze({
  role: 'assistant',
  content: null,
  toolCalls: [
    call('call_a', 'mcp__files__read', { path: 'README.md' }),
    call('call_b', 'mcp__files__read', { path: 'notes/incident.md' }),
    call('call_c', 'mcp__tickets__create', { title: 'x' }),
  ],
  modelCallCount: 1,
})
const result = (id: string, content = 'ok'): ToolMessage => ({
  role: 'tool',
  toolCallId: id,
  content,
  status: 'ok',
  tool: 'mcp__files__read',
})

let dir: string
let file: string
let store: SessionStore

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-demo-store-'))
  file = join(dir, 'sessions.db')
  store = createSqliteStore(file)
  await store.createSession({
    id: 's1',
    createdAt: 1000,
    title: 'read these files and open a ticket',
    meta: { scenario: 'demo' },
  })
})
afterEach(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

const peek = <T>(sql: string): T[] => {
  const reader = new Database(file, { readonly: true })
  try {
    return reader.prepare(sql).all() as T[]
  } finally {
    reader.close()
  }
}

describe('createSqliteStore', () => {
  it('uses WAL journaling', () => {
    expect(peek<{ journal_mode: string }>('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }])
  })

  it('refuses to create a session whose id exists', async () => {
    await expect(store.createSession({ id: 's1', createdAt: 0, title: '', meta: {} })).rejects.toThrow(
      "session 's1' already exists",
    )
  })

  it('numbers messages from 0 without gaps and loads them back equal', async () => {
    await store.appendMessage('s1', { role: 'user', content: 'read these files and open a ticket' }, 1001)
    await store.appendAssistantTurn('s1', turn, 1002)
    await store.appendToolResult('s1', result('call_a'), 1003)
    const loaded = await store.loadMessages('s1')
    expect(loaded.map((stored) => [stored.seq, stored.at, stored.message.role])).toEqual([
      [0, 1001, 'user'],
      [1, 1002, 'assistant'],
      [2, 1003, 'tool'],
    ])
    expect(loaded[1]!.message).toEqual(turn)
  })

  it('writes the assistant turn and one row per child call together', async () => {
    await store.appendAssistantTurn('s1', turn, 1)
    expect(peek('SELECT position, call_id FROM tool_calls ORDER BY position')).toEqual([
      { position: 0, call_id: 'call_a' },
      { position: 1, call_id: 'call_b' },
      { position: 2, call_id: 'call_c' },
    ])
  })

  it('writes nothing of a turn when one of its calls cannot be written', async () => {
    const broken = {
      ...turn,
      toolCalls: [turn.toolCalls[0]!, { ...turn.toolCalls[1]!, function: { name: 'tool_call' } }],
    } as unknown as AssistantMessage
    await expect(store.appendAssistantTurn('s1', broken, 1)).rejects.toThrow()
    expect(peek('SELECT * FROM messages')).toEqual([])
    expect(peek('SELECT * FROM tool_calls')).toEqual([])
  })

  it('commits each result before resolving: another connection sees it at once', async () => {
    await store.appendAssistantTurn('s1', turn, 1)
    await store.appendToolResult('s1', result('call_a'), 2)
    expect(peek('SELECT call_id, status FROM tool_results')).toEqual([{ call_id: 'call_a', status: 'ok' }])
  })

  it('refuses a second result for the same call', async () => {
    await store.appendAssistantTurn('s1', turn, 1)
    await store.appendToolResult('s1', result('call_a'), 2)
    await expect(store.appendToolResult('s1', result('call_a', 'again'), 3)).rejects.toThrow(
      "no call 'call_a' awaiting a result",
    )
    expect(await store.loadMessages('s1')).toHaveLength(2)
  })

  it('refuses a result for a call no turn made', async () => {
    await expect(store.appendToolResult('s1', result('call_zz'), 2)).rejects.toThrow("no call 'call_zz'")
  })

  it('refuses messages for an unknown session', async () => {
    await expect(store.appendMessage('nope', { role: 'user', content: 'x' }, 1)).rejects.toThrow(
      "unknown session 'nope'",
    )
  })

  it('lists sessions oldest first with their message counts', async () => {
    await store.createSession({ id: 's0', createdAt: 500, title: 'older', meta: {} })
    await store.appendMessage('s1', { role: 'user', content: 'hi' }, 1001)
    expect((await store.listSessions()).map((session) => [session.id, session.messageCount])).toEqual([
      ['s0', 0],
      ['s1', 1],
    ])
  })

  it('returns the session header with its meta, and undefined for an unknown id', async () => {
    expect(await store.getSession('s1')).toEqual({
      id: 's1',
      createdAt: 1000,
      title: 'read these files and open a ticket',
      meta: { scenario: 'demo' },
    })
    expect(await store.getSession('nope')).toBeUndefined()
    expect(await store.loadMessages('nope')).toEqual([])
  })

  it('keeps everything committed across a reopen of the file', async () => {
    await store.appendAssistantTurn('s1', turn, 1)
    await store.appendToolResult('s1', result('call_a'), 2)
    await store.close()
    store = createSqliteStore(file)
    expect((await store.loadMessages('s1')).map((stored) => stored.message.role)).toEqual(['assistant', 'tool'])
  })
})

describe('interruptUnansweredCalls', () => {
  it('gives every unanswered call an "interrupted" result, in entry order', async () => {
    await store.appendAssistantTurn('s1', turn, 1)
    await store.appendToolResult('s1', result('call_a'), 2)
    const appended = await interruptUnansweredCalls(store, 's1', 3)
    expect(appended.map((stored) => stored.message)).toEqual([
      {
        role: 'tool',
        toolCallId: 'call_b',
        content: INTERRUPTED_CONTENT,
        status: 'interrupted',
        tool: 'mcp__files__read',
        argsSent: { path: 'notes/incident.md' },
      },
      {
        role: 'tool',
        toolCallId: 'call_c',
        content: INTERRUPTED_CONTENT,
        status: 'interrupted',
        tool: 'mcp__tickets__create',
        argsSent: { title: 'x' },
      },
    ])
  })

  it('leaves answered calls alone and appends nothing the second time', async () => {
    await store.appendAssistantTurn('s1', turn, 1)
    await store.appendToolResult('s1', result('call_a'), 2)
    await interruptUnansweredCalls(store, 's1', 3)
    expect(await interruptUnansweredCalls(store, 's1', 4)).toEqual([])
    const results = (await store.loadMessages('s1')).filter((stored) => stored.message.role === 'tool')
    expect(results.map((stored) => (stored.message as ToolMessage).toolCallId)).toEqual(['call_a', 'call_b', 'call_c'])
  })

  it('pairs a reused id with the earliest unanswered call', () => {
    const again = { ...turn, toolCalls: [turn.toolCalls[0]!] }
    const messages = [
      { seq: 0, at: 0, message: turn },
      { seq: 1, at: 0, message: result('call_a') },
      { seq: 2, at: 0, message: again },
    ]
    expect(unansweredCalls(messages).map((open) => open.id)).toEqual(['call_b', 'call_c', 'call_a'])
  })
})
