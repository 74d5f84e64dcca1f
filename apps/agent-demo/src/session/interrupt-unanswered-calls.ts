import type { ToolCall, ToolMessage } from '../model/types.js'
import type { JsonValue } from '../tools/types.js'
import type { SessionStore, StoredMessage } from '../store/types.js'

/** The text a call gets when the process died before its result was stored. */
export const INTERRUPTED_CONTENT =
  'interrupted: the agent stopped before this call finished, and it was not run again. Its effect (if any) is unknown: check before retrying.'

/**
 * Calls of stored assistant turns that have no result yet, in the order they
 * were made (turn by turn, entry by entry). A result answers the earliest
 * unanswered call with its id.
 */
export function unansweredCalls(messages: readonly StoredMessage[]): ToolCall[] {
  const open: ToolCall[] = []
  for (const { message } of messages) {
    if (message.role === 'assistant') open.push(...message.toolCalls)
    else if (message.role === 'tool') {
      const index = open.findIndex((call) => call.id === message.toolCallId)
      if (index !== -1) open.splice(index, 1)
    }
  }
  return open
}

/**
 * Make a session whole again after a crash: every call that never got a
 * result gets an "interrupted" one, in entry order, and nothing is run. The
 * calls that had completed keep their stored results, so no tool runs twice
 * (a ticket that was created is not created again).
 *
 * Works on any `SessionStore`; the SQLite store also refuses a second result
 * for a call, so running this twice appends nothing the second time.
 */
export async function interruptUnansweredCalls(
  store: SessionStore,
  sessionId: string,
  at: number,
): Promise<StoredMessage[]> {
  const appended: StoredMessage[] = []
  for (const call of unansweredCalls(await store.loadMessages(sessionId))) {
    const entry = entryOf(call)
    const message: ToolMessage = {
      role: 'tool',
      toolCallId: call.id,
      content: INTERRUPTED_CONTENT,
      status: 'interrupted',
      tool: entry.tool,
      ...(entry.argsSent === undefined ? {} : { argsSent: entry.argsSent }),
    }
    appended.push(await store.appendToolResult(sessionId, message, at))
  }
  return appended
}

// After a split each `tool_call` child carries exactly one entry: name the
// underlying tool and keep what the model sent, as the other results of the
// turn do (the before/after table shows it; nothing was received).
function entryOf(call: ToolCall): { tool: string; argsSent?: JsonValue } {
  try {
    const parsed = JSON.parse(call.function.arguments) as JsonValue
    if (call.function.name !== 'tool_call') return { tool: call.function.name, argsSent: parsed }
    const entry = (parsed as { calls?: Array<{ name?: unknown; arguments?: JsonValue }> }).calls?.[0]
    if (typeof entry?.name !== 'string') return { tool: call.function.name }
    if (entry.arguments === undefined) return { tool: entry.name }
    // Models also send an entry's arguments as a JSON string: store what the loop would have.
    if (typeof entry.arguments !== 'string') return { tool: entry.name, argsSent: entry.arguments }
    try {
      return { tool: entry.name, argsSent: JSON.parse(entry.arguments) as JsonValue }
    } catch {
      return { tool: entry.name, argsSent: entry.arguments }
    }
  } catch {
    return { tool: call.function.name }
  }
}
