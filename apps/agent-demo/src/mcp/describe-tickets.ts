import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'

/** A ticket row as the tickets server stored it. */
export interface StoredTicket {
  readonly id: number
  readonly title: string
  readonly assignee: string
  readonly due_date: string | null
  readonly priority: number | null
  readonly status: string
}

/** The tickets in a workspace's tickets database, read straight from the file (not through the server). */
export function readTickets(workspace: string): StoredTicket[] {
  const file = join(workspace, 'tickets.db')
  if (!existsSync(file)) return []
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT id, title, assignee, due_date, priority, status FROM tickets ORDER BY id').all() as StoredTicket[]
  } finally {
    db.close()
  }
}

/**
 * A few lines saying what is in the tickets server's SQLite file after a run:
 * the proof that the ticket really landed, as the server received it.
 */
export function describeTickets(workspace: string): string {
  const tickets = readTickets(workspace)
  const file = join(workspace, 'tickets.db')
  if (tickets.length === 0) return `\ntickets in ${file}: none\n`
  const lines = tickets.map(
    (ticket) =>
      `  #${ticket.id} [${ticket.status}] ${ticket.title}  assignee ${ticket.assignee}  due ${ticket.due_date ?? '-'}  priority ${ticket.priority ?? '-'}`,
  )
  return `\ntickets in ${file}:\n${lines.join('\n')}\n`
}
