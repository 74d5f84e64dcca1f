import type { Message, Model, ModelTurn, ToolCall, ToolMessage } from '../model/types.js'
import type { JsonObject } from '../tools/types.js'
import type { BatchEntry } from './compare-entries.js'

const call = (id: string, name: string, args: JsonObject): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
})
const toolCall = (
  id: string,
  entries: readonly { readonly name: string; readonly arguments: JsonObject }[],
): ToolCall =>
  call(id, 'tool_call', { calls: entries.map((entry) => ({ name: entry.name, arguments: entry.arguments })) })

/**
 * A scripted model for `compare` that reads the results it gets, as a model
 * does, and follows each correction once:
 *
 * 1. finds the tools (`tool_search`);
 * 2. sends every entry in one `tool_call`, as first written (with slips);
 * 3. then, for its last turn's results: a batch rejected with the "one entry
 *    per tool_call" correction is re-issued one entry per `tool_call`, as
 *    written; an entry a tool refused (its validation error) is sent again
 *    with the arguments the error asked for (`fixed`); with nothing to
 *    correct, it answers.
 *
 * No randomness and no re-planning: every extra round trip is one the
 * missing fix caused. Ids are `call_<round>_<n>`.
 */
export function createCorrectingModel(entries: readonly BatchEntry[]): Model {
  return {
    name: `correcting:${entries.length}`,
    next({ messages }) {
      const assistants = messages.filter((message) => message.role === 'assistant')
      const turn = (toolCalls: readonly ToolCall[], content: string | null = null): Promise<ModelTurn> =>
        Promise.resolve({ content, toolCalls })
      if (assistants.length === 0) return turn([call('call_1_1', 'tool_search', { query: 'read file, create ticket' })])
      if (assistants.length === 1) return turn([toolCall('call_2_1', entries)])
      const round = assistants.length + 1
      const retries = corrections(lastResults(messages), entries)
      if (retries.length === 0) return turn([], 'Done: both files read and the ticket opened.')
      return turn(retries.map((retry, index) => toolCall(`call_${round}_${index + 1}`, [retry])))
    },
  }
}

function lastResults(messages: readonly Message[]): ToolMessage[] {
  const last = messages.map((message) => message.role).lastIndexOf('assistant')
  return messages.slice(last + 1).filter((message): message is ToolMessage => message.role === 'tool')
}

function corrections(
  results: readonly ToolMessage[],
  entries: readonly BatchEntry[],
): { name: string; arguments: JsonObject }[] {
  const retries: { name: string; arguments: JsonObject }[] = []
  for (const result of results) {
    if (result.status === 'batch_rejected') {
      const sent = (result.argsSent as { calls?: { name: string; arguments: JsonObject }[] } | undefined)?.calls ?? []
      retries.push(...sent.map((entry) => ({ name: entry.name, arguments: entry.arguments })))
    } else if (result.status === 'tool_error' || result.status === 'invalid_args') {
      const entry = entries.find(
        (candidate) =>
          candidate.name === result.tool && JSON.stringify(candidate.arguments) === JSON.stringify(result.argsSent),
      )
      if (entry !== undefined) retries.push({ name: entry.name, arguments: entry.fixed })
    }
  }
  return retries
}
