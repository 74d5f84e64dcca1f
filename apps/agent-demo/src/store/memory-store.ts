import type { AssistantMessage, Message, SystemMessage, ToolMessage, UserMessage } from '../model/types.js'
import type { SessionRecord, SessionStore, SessionSummary, StoredMessage } from './types.js'

interface MemorySession {
  readonly record: SessionRecord
  readonly messages: StoredMessage[]
}

/**
 * A session store that keeps everything in memory: tests, `--store memory`,
 * and the scratch store a replay regenerates its transcript into.
 *
 * Stored values are deep copies, so a caller that mutates what it passed or
 * what it loaded cannot change the record.
 *
 * @example
 * const store = createMemoryStore()
 * await store.createSession({ id: 's1', createdAt: 0, title: 't', meta: {} })
 * await store.appendMessage('s1', { role: 'user', content: 'hi' }, 0)
 * (await store.loadMessages('s1')).length // => 1
 */
export function createMemoryStore(): SessionStore {
  const sessions = new Map<string, MemorySession>()

  const append = (sessionId: string, message: Message, at: number): Promise<StoredMessage> => {
    const session = sessions.get(sessionId)
    if (session === undefined) return Promise.reject(new Error(`unknown session '${sessionId}'`))
    const stored: StoredMessage = { seq: session.messages.length, at, message: structuredClone(message) }
    session.messages.push(stored)
    return Promise.resolve(structuredClone(stored))
  }

  return {
    createSession(record: SessionRecord) {
      if (sessions.has(record.id)) return Promise.reject(new Error(`session '${record.id}' already exists`))
      sessions.set(record.id, { record: structuredClone(record), messages: [] })
      return Promise.resolve()
    },
    appendMessage: (sessionId: string, message: SystemMessage | UserMessage, at: number) =>
      append(sessionId, message, at),
    appendAssistantTurn: (sessionId: string, message: AssistantMessage, at: number) => append(sessionId, message, at),
    appendToolResult: (sessionId: string, message: ToolMessage, at: number) => append(sessionId, message, at),
    listSessions() {
      const list: SessionSummary[] = [...sessions.values()].map((session) => ({
        ...structuredClone(session.record),
        messageCount: session.messages.length,
      }))
      list.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      return Promise.resolve(list)
    },
    getSession: (sessionId: string) => Promise.resolve(structuredClone(sessions.get(sessionId)?.record)),
    loadMessages: (sessionId: string) => Promise.resolve(structuredClone(sessions.get(sessionId)?.messages ?? [])),
    close: () => Promise.resolve(),
  }
}
