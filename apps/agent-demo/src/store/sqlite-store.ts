import Database from 'better-sqlite3'
import type { AssistantMessage, Message, SystemMessage, ToolMessage, UserMessage } from '../model/types.js'
import type { JsonObject } from '../tools/types.js'
import type { SessionRecord, SessionStore, SessionSummary, StoredMessage } from './types.js'
import { SQLITE_SCHEMA } from './sqlite-store-schema.js'

interface SessionRow {
  id: string
  created_at: number
  title: string
  meta: string
}

interface MessageRow {
  seq: number
  at: number
  body: string
}

/**
 * A SQLite session store (better-sqlite3, WAL): sessions, their messages in
 * order, every child call of every assistant turn, and one result per call.
 *
 * The assistant turn and one row per child call are written in a single
 * transaction, before any result; each result is its own transaction,
 * committed before the promise resolves, so a process killed mid-batch leaves
 * the whole turn and exactly the results that had arrived. A second result
 * for the same call is refused by a unique index, not by hope.
 *
 * @example
 * const store = createSqliteStore('.agent-demo/sessions.db')
 * await store.createSession({ id: 's1', createdAt: 0, title: 'demo', meta: {} })
 */
export function createSqliteStore(file: string): SessionStore {
  const db = new Database(file)
  // First, so that opening a file another process is writing (or one left
  // by a killed process, whose WAL must be recovered) waits instead of failing.
  db.pragma('busy_timeout = 5000')
  db.pragma('journal_mode = WAL')
  // FULL: a committed result survives the machine losing power, not only the
  // process being killed; the demo writes a handful of rows, the cost is nil.
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.exec(SQLITE_SCHEMA)

  const insertSession = db.prepare('INSERT INTO sessions (id, created_at, title, meta) VALUES (?, ?, ?, ?)')
  const sessionById = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?')
  const nextSeq = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(seq) + 1, 0) AS next FROM messages WHERE session_id = ?',
  )
  const insertMessage = db.prepare('INSERT INTO messages (session_id, seq, at, role, body) VALUES (?, ?, ?, ?, ?)')
  const insertCall = db.prepare(
    'INSERT INTO tool_calls (session_id, message_seq, position, call_id, name, arguments) VALUES (?, ?, ?, ?, ?, ?)',
  )
  // The call a result answers: the earliest call with that id still unanswered
  // (the same pairing rule as `unansweredCalls`).
  const openCall = db.prepare<[string, string], { message_seq: number; position: number }>(
    `SELECT c.message_seq, c.position FROM tool_calls c
     LEFT JOIN tool_results r ON r.session_id = c.session_id AND r.message_seq = c.message_seq AND r.position = c.position
     WHERE c.session_id = ? AND c.call_id = ? AND r.result_seq IS NULL
     ORDER BY c.message_seq, c.position LIMIT 1`,
  )
  const insertResult = db.prepare(
    'INSERT INTO tool_results (session_id, message_seq, position, call_id, result_seq, status) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const listAll = db.prepare<[], SessionRow & { message_count: number }>(
    `SELECT s.*, (SELECT COUNT(*) FROM messages m WHERE m.session_id = s.id) AS message_count
     FROM sessions s ORDER BY s.created_at, s.id`,
  )
  const messagesOf = db.prepare<[string], MessageRow>(
    'SELECT seq, at, body FROM messages WHERE session_id = ? ORDER BY seq',
  )

  const appendRow = (sessionId: string, message: Message, at: number): StoredMessage => {
    if (sessionById.get(sessionId) === undefined) throw new Error(`unknown session '${sessionId}'`)
    const seq = nextSeq.get(sessionId)?.next ?? 0
    insertMessage.run(sessionId, seq, at, message.role, JSON.stringify(message))
    return { seq, at, message: JSON.parse(JSON.stringify(message)) as Message }
  }

  const appendTurn = db.transaction((sessionId: string, message: AssistantMessage, at: number): StoredMessage => {
    const stored = appendRow(sessionId, message, at)
    message.toolCalls.forEach((call, position) => {
      insertCall.run(sessionId, stored.seq, position, call.id, call.function.name, call.function.arguments)
    })
    return stored
  })

  const appendResult = db.transaction((sessionId: string, message: ToolMessage, at: number): StoredMessage => {
    const call = openCall.get(sessionId, message.toolCallId)
    if (call === undefined) {
      throw new Error(
        `no call '${message.toolCallId}' awaiting a result in session '${sessionId}' (unknown id, or already answered)`,
      )
    }
    const stored = appendRow(sessionId, message, at)
    insertResult.run(sessionId, call.message_seq, call.position, message.toolCallId, stored.seq, message.status)
    return stored
  })

  // better-sqlite3 is synchronous: each method has committed by the time it
  // returns, and failures become rejections so callers see one error path.
  const settle = <T>(work: () => T): Promise<T> => {
    try {
      return Promise.resolve(work())
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }
  const toRecord = (row: SessionRow): SessionRecord => ({
    id: row.id,
    createdAt: row.created_at,
    title: row.title,
    meta: JSON.parse(row.meta) as JsonObject,
  })

  return {
    createSession: (session) =>
      settle(() => {
        if (sessionById.get(session.id) !== undefined) throw new Error(`session '${session.id}' already exists`)
        insertSession.run(session.id, session.createdAt, session.title, JSON.stringify(session.meta))
      }),
    appendMessage: (sessionId: string, message: SystemMessage | UserMessage, at: number) =>
      settle(() => db.transaction(() => appendRow(sessionId, message, at)).immediate()),
    appendAssistantTurn: (sessionId, message, at) => settle(() => appendTurn.immediate(sessionId, message, at)),
    appendToolResult: (sessionId, message, at) => settle(() => appendResult.immediate(sessionId, message, at)),
    listSessions: () =>
      settle(() => listAll.all().map((row): SessionSummary => ({ ...toRecord(row), messageCount: row.message_count }))),
    getSession: (sessionId) =>
      settle(() => {
        const row = sessionById.get(sessionId)
        return row === undefined ? undefined : toRecord(row)
      }),
    loadMessages: (sessionId) =>
      settle(() =>
        messagesOf
          .all(sessionId)
          .map((row) => ({ seq: row.seq, at: row.at, message: JSON.parse(row.body) as Message })),
      ),
    close: () => settle(() => void (db.open ? db.close() : undefined)),
  }
}
