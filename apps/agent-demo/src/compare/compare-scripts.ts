import type { ModelScript, ScriptTurn } from '../model/scripted-model.js'
import type { ToolCall } from '../model/types.js'
import type { JsonObject } from '../tools/types.js'

/** One entry of the measured batch. */
export interface BatchEntry {
  readonly name: string
  readonly arguments: JsonObject
}

/**
 * Seed 004's task, "read these files and open a ticket", as the entries a
 * model batches, with the slips models make (`"5"` for an integer behind a
 * `$ref`, sanitized names inside the `$ref` Person). The first two are the
 * two-entry batch the seed measured; all three are the demo's batch.
 */
export const COMPARE_ENTRIES: readonly BatchEntry[] = [
  { name: 'mcp__files__read', arguments: { path: 'README.md' } },
  { name: 'mcp__files__read', arguments: { path: 'notes/incident.md', limit: '5' } },
  {
    name: 'mcp__tickets__create',
    arguments: { title: 'Retry job sends invoices twice', assignee: { first_name: 'Grace' }, due_date: '2026-10-15' },
  },
]

const USER = 'Read README.md and notes/incident.md, then open a ticket for the incident.'

const call = (id: string, name: string, args: JsonObject): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
})
const toolCall = (id: string, entries: readonly BatchEntry[]): ToolCall =>
  call(id, 'tool_call', { calls: entries.map((entry) => ({ name: entry.name, arguments: entry.arguments })) })

/**
 * The two recorded scripts of the measurement for a batch of `entries`.
 *
 * Both find the tools, then send every entry in one `tool_call`. Under the
 * new contract the agent splits it and the model answers next. Under the old
 * one the batch comes back with the correction ("takes exactly one entry for
 * local tools"), so the model spends a round trip re-issuing the same calls
 * one entry per `tool_call`, as the correction demands, before it can answer.
 */
export function compareScripts(entries: readonly BatchEntry[]): { old: ModelScript; new: ModelScript } {
  const search: ScriptTurn = { content: null, tool_calls: [call('call_search_01', 'tool_search', { query: 'read file, create ticket' })] }
  const batch: ScriptTurn = { content: null, tool_calls: [toolCall('call_batch_01', entries)] }
  const answer: ScriptTurn = { content: 'Done: both files read and the ticket opened.', tool_calls: [] }
  const retry: ScriptTurn = {
    content: null,
    tool_calls: entries.map((entry, index) => toolCall(`call_retry_${String(index + 1).padStart(2, '0')}`, [entry])),
  }
  const name = `compare-${entries.length}`
  return {
    old: { name: `${name}-old`, user: USER, turns: [search, batch, retry, answer] },
    new: { name: `${name}-new`, user: USER, turns: [search, batch, answer] },
  }
}
