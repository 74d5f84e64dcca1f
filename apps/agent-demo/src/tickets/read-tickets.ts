import { existsSync } from 'node:fs'
import { openTicketsDb, type Ticket } from './tickets-db.js'

/**
 * The tickets in the tickets server's SQLite `file`, read straight from the
 * file (not through the server), in creation order; none when the file does
 * not exist yet.
 */
export function readTickets(file: string): Ticket[] {
  if (!existsSync(file)) return []
  const db = openTicketsDb(file, { readonly: true })
  try {
    return db.list({}, Number.MAX_SAFE_INTEGER)
  } finally {
    db.close()
  }
}
