import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { AssistantMessage, Message, SystemMessage, ToolMessage, UserMessage } from '../model/types.js'
import type { SessionRecord, SessionStore, SessionSummary, StoredMessage } from './types.js'

const SAFE_ID = /^[A-Za-z0-9_.-]{1,128}$/

type Line =
  { readonly type: 'session'; readonly session: SessionRecord } | ({ readonly type: 'message' } & StoredMessage)

/**
 * An append-only JSONL session store: one file per session in `directory`,
 * `<id>.jsonl`, whose first line is the session header and every other line
 * one stored message.
 *
 * Each append is one `appendFileSync` of one line, so an assistant turn and
 * all its child calls land in one write, before any result. A line cut short
 * by a crash (the last one) is ignored on load.
 *
 * @example
 * const store = createJsonlStore('.data/sessions')
 * await store.createSession({ id: 'demo-1', createdAt: 0, title: 'demo', meta: {} })
 */
export function createJsonlStore(directory: string): SessionStore {
  const nextSeq = new Map<string, number>()
  const fileOf = (sessionId: string): string => {
    if (!SAFE_ID.test(sessionId))
      throw new TypeError(`session id must match ${SAFE_ID.source}, received '${sessionId}'`)
    return join(directory, `${sessionId}.jsonl`)
  }
  const readLines = (sessionId: string): Line[] => {
    const file = fileOf(sessionId)
    if (!existsSync(file)) return []
    const lines: Line[] = []
    for (const text of readFileSync(file, 'utf8').split('\n')) {
      if (text.trim() === '') continue
      try {
        lines.push(JSON.parse(text) as Line)
      } catch {
        // A torn last line from a crash mid-append: the write never completed.
      }
    }
    return lines
  }
  const append = (sessionId: string, message: Message, at: number): Promise<StoredMessage> => {
    try {
      const file = fileOf(sessionId)
      if (!existsSync(file)) throw new Error(`unknown session '${sessionId}'`)
      let seq = nextSeq.get(sessionId)
      if (seq === undefined) {
        seq = readLines(sessionId).filter((line) => line.type === 'message').length
        // A torn last line has no newline: end it, or the next record would be glued to it.
        if (!readFileSync(file, 'utf8').endsWith('\n')) appendFileSync(file, '\n')
      }
      const stored: StoredMessage = { seq, at, message }
      appendFileSync(file, `${JSON.stringify({ type: 'message', ...stored })}\n`)
      nextSeq.set(sessionId, seq + 1)
      return Promise.resolve(structuredClone(stored))
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }

  return {
    createSession(session: SessionRecord) {
      try {
        const file = fileOf(session.id)
        mkdirSync(directory, { recursive: true })
        if (existsSync(file)) throw new Error(`session '${session.id}' already exists`)
        appendFileSync(file, `${JSON.stringify({ type: 'session', session })}\n`, { flag: 'wx' })
        nextSeq.set(session.id, 0)
        return Promise.resolve()
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
    },
    appendMessage: (sessionId: string, message: SystemMessage | UserMessage, at: number) =>
      append(sessionId, message, at),
    appendAssistantTurn: (sessionId: string, message: AssistantMessage, at: number) => append(sessionId, message, at),
    appendToolResult: (sessionId: string, message: ToolMessage, at: number) => append(sessionId, message, at),
    listSessions() {
      if (!existsSync(directory)) return Promise.resolve([])
      const summaries: SessionSummary[] = []
      for (const name of readdirSync(directory).sort()) {
        if (!name.endsWith('.jsonl')) continue
        const lines = readLines(name.slice(0, -'.jsonl'.length))
        const header = lines[0]
        if (header?.type !== 'session') continue
        summaries.push({ ...header.session, messageCount: lines.length - 1 })
      }
      summaries.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      return Promise.resolve(summaries)
    },
    getSession(sessionId: string) {
      const header = SAFE_ID.test(sessionId) ? readLines(sessionId)[0] : undefined
      return Promise.resolve(header?.type === 'session' ? header.session : undefined)
    },
    loadMessages(sessionId: string) {
      if (!SAFE_ID.test(sessionId)) return Promise.resolve([])
      const messages: StoredMessage[] = []
      for (const line of readLines(sessionId)) {
        if (line.type === 'message') messages.push({ seq: line.seq, at: line.at, message: line.message })
      }
      return Promise.resolve(messages)
    },
    close: () => Promise.resolve(),
  }
}
