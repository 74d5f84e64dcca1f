import type { JsonObject } from '../tools/types.js'

/** One entry of the measured batch: as the model first sends it, and as the tool wants it. */
export interface BatchEntry {
  readonly name: string
  /** The model's first try, with the slip models make against these schemas. */
  readonly arguments: JsonObject
  /** What the model sends once a tool's validation error told it what was wrong. */
  readonly fixed: JsonObject
}

/**
 * The task "read these files and open a ticket" as the entries a model
 * batches, each slip needing one fix: the first read is right as sent, the
 * second sends `"5"` for an integer behind a `$ref` (coercion), the ticket
 * sends the sanitized `first_name` and `due_date` it was shown for the
 * declared `first name` and `due date` (key restore). Batched together,
 * they need the split.
 */
export const COMPARE_ENTRIES: readonly BatchEntry[] = [
  { name: 'mcp__files__read', arguments: { path: 'README.md' }, fixed: { path: 'README.md' } },
  {
    name: 'mcp__files__read',
    arguments: { path: 'notes/incident.md', limit: '5' },
    fixed: { path: 'notes/incident.md', limit: 5 },
  },
  {
    name: 'mcp__tickets__create',
    arguments: { title: 'Retry job sends invoices twice', assignee: { first_name: 'Grace' }, due_date: '2026-10-15' },
    fixed: { title: 'Retry job sends invoices twice', assignee: { 'first name': 'Grace' }, 'due date': '2026-10-15' },
  },
]
