import type { ToolMessage } from '../model/types.js'
import type { EntryContext, PreparedEntry } from './prepare-entry.js'

/**
 * Dispatches a prepared entry exactly once, then runs the `post_tool_call`
 * hooks with the duration. Never rejects: a throwing tool becomes a
 * `tool_error` result, or `cancelled` if the turn was stopped meanwhile.
 */
export async function dispatchEntry(prepared: PreparedEntry, context: EntryContext): Promise<ToolMessage> {
  const { clock } = context.options
  const { event, tool } = prepared
  const startedAt = clock.now()
  context.emit({ type: 'dispatch', callId: event.callId, tool: tool.name, args: event.args, at: startedAt })
  const base = {
    role: 'tool' as const,
    toolCallId: event.callId,
    tool: tool.name,
    argsSent: prepared.argsSent,
    argsReceived: event.args,
    ...(prepared.decisions.length === 0 ? {} : { decisions: prepared.decisions }),
  }
  let outcome: Pick<ToolMessage, 'content' | 'status' | 'data'>
  try {
    const result = await tool.handler(event.args, {
      callId: event.callId,
      sessionId: event.sessionId,
      toolName: tool.name,
      signal: context.signal,
    })
    outcome = {
      content: result.content,
      status: result.isError === true ? 'tool_error' : 'ok',
      ...(result.data === undefined ? {} : { data: result.data }),
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    outcome = context.signal.aborted
      ? { content: 'Cancelled: the turn was stopped while this call was running.', status: 'cancelled' }
      : { content: `Error: ${reason}`, status: 'tool_error' }
  }
  const durationMs = clock.now() - startedAt
  const message: ToolMessage = { ...base, ...outcome, timing: { startedAt, durationMs } }
  for (const plugin of context.options.plugins ?? []) {
    if (plugin.postToolCall === undefined) continue
    try {
      await plugin.postToolCall({ ...event, result: message, durationMs })
    } catch (error) {
      // A broken post hook must not unpair a call that already ran.
      context.emit({
        type: 'hook_error',
        callId: event.callId,
        plugin: plugin.name,
        message: error instanceof Error ? error.message : String(error),
      })
    }
  }
  return message
}
