// The session store behind the loop. Implementations: in-memory and JSONL
// (here), SQLite (src/store/sqlite-store.ts). Keep this file stable.
import type { AssistantMessage, Message, SystemMessage, ToolMessage, UserMessage } from '../model/types.js'
import type { JsonObject } from '../tools/types.js'

/** A session's header. */
export interface SessionRecord {
  /** Unique id, from the injected id generator. */
  readonly id: string
  /** Creation time from the injected clock (ms since epoch). */
  readonly createdAt: number
  /** One line for `agent-demo sessions`. */
  readonly title: string
  /**
   * What replay needs to run the session again: model name, script, scenario,
   * enabled toolsets, options. JSON only.
   */
  readonly meta: JsonObject
}

/** A session in a listing. */
export interface SessionSummary extends SessionRecord {
  /** Number of stored messages. */
  readonly messageCount: number
}

/** A message as stored. */
export interface StoredMessage {
  /** Position in the session, 0-based, assigned by the store, gap-free. */
  readonly seq: number
  /** Time of the append from the injected clock (ms since epoch). */
  readonly at: number
  readonly message: Message
}

/**
 * Append-only storage of sessions. Every method resolves once the write is
 * durable for that store (committed for SQLite, appended for JSONL); the loop
 * awaits each one before going on, which is how "the assistant turn before
 * the first result" and "each result as it completes" are kept.
 */
export interface SessionStore {
  /** Creates an empty session; rejects if the id exists. */
  createSession(session: SessionRecord): Promise<void>
  /** Appends a system or user message. */
  appendMessage(sessionId: string, message: SystemMessage | UserMessage, at: number): Promise<StoredMessage>
  /**
   * Appends an assistant turn together with all its (already split) child
   * calls in ONE operation: a SQLite store writes the message row and one row
   * per call in a single transaction, so a crash leaves either the whole turn
   * or none of it. Always called before the first result of the turn.
   */
  appendAssistantTurn(sessionId: string, message: AssistantMessage, at: number): Promise<StoredMessage>
  /** Appends one tool result; called once per call id, in entry order, as each completes. */
  appendToolResult(sessionId: string, message: ToolMessage, at: number): Promise<StoredMessage>
  /** Every session, oldest first. */
  listSessions(): Promise<readonly SessionSummary[]>
  /** One session's header, or `undefined`. */
  getSession(sessionId: string): Promise<SessionRecord | undefined>
  /** A session's messages in append order (empty if unknown). */
  loadMessages(sessionId: string): Promise<readonly StoredMessage[]>
  /** Releases the store (closes the database). */
  close(): Promise<void>
}
