import Database from 'better-sqlite3'

/** A person as the tickets server stores one (the shape of its `Person` schema). */
export interface PersonValue {
  'first name': string
  'last name'?: string | undefined
  email?: string | undefined
}

/** A ticket as stored and returned by the tickets server. */
export interface Ticket {
  id: number
  title: string
  body: string
  assignee: PersonValue
  reporter: PersonValue | null
  dueDate: string | null
  priority: number | null
  labels: string[]
  status: string
}

interface TicketRow {
  id: number
  title: string
  body: string
  assignee: string
  reporter: string | null
  due_date: string | null
  priority: number | null
  labels: string
  status: string
}

/** What `listTickets` filters on; absent or null means "any". */
export interface TicketFilters {
  status?: string | null | undefined
  assignee?: string | null | undefined
  label?: string | null | undefined
  dueBefore?: string | null | undefined
}

/** The tickets server's own database: one file, WAL, one table. */
export interface TicketsDb {
  create(ticket: Omit<Ticket, 'id' | 'status'>): Ticket
  list(filters: TicketFilters, limit: number): Ticket[]
  update(id: number, changes: Partial<Omit<Ticket, 'id'>>): Ticket | undefined
  close(): void
}

/**
 * Open the tickets database at `file`: the server's way (created if needed,
 * WAL), or with `readonly` the way the CLI and tests look at it after a run
 * (the file must exist; nothing is written).
 */
export function openTicketsDb(file: string, options: { readonly readonly?: boolean } = {}): TicketsDb {
  const db =
    options.readonly === true ? new Database(file, { readonly: true, fileMustExist: true }) : new Database(file)
  // WAL keeps readers (another process listing tickets, a test checking for
  // duplicates) from blocking on the server's writes.
  if (options.readonly !== true) db.pragma('journal_mode = WAL')
  if (options.readonly !== true)
    db.exec(`CREATE TABLE IF NOT EXISTS tickets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    assignee TEXT NOT NULL,
    reporter TEXT,
    due_date TEXT,
    priority INTEGER,
    labels TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL DEFAULT 'open'
  )`)
  const insert = db.prepare(
    'INSERT INTO tickets (title, body, assignee, reporter, due_date, priority, labels) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  const byId = db.prepare<[number], TicketRow>('SELECT * FROM tickets WHERE id = ?')
  const all = db.prepare<[], TicketRow>('SELECT * FROM tickets ORDER BY id')
  const toTicket = (row: TicketRow): Ticket => ({
    id: row.id,
    title: row.title,
    body: row.body,
    assignee: JSON.parse(row.assignee) as PersonValue,
    reporter: row.reporter === null ? null : (JSON.parse(row.reporter) as PersonValue),
    dueDate: row.due_date,
    priority: row.priority,
    labels: JSON.parse(row.labels) as string[],
    status: row.status,
  })
  // The stored form of the writable fields, in the column order of both the
  // INSERT and the UPDATE below (people and labels as JSON text).
  const toColumns = (ticket: Omit<Ticket, 'id' | 'status'>) =>
    [
      ticket.title,
      ticket.body,
      JSON.stringify(ticket.assignee),
      ticket.reporter === null ? null : JSON.stringify(ticket.reporter),
      ticket.dueDate,
      ticket.priority,
      JSON.stringify(ticket.labels),
    ] as const
  const get = (id: number): Ticket | undefined => {
    const row = byId.get(id)
    return row === undefined ? undefined : toTicket(row)
  }
  return {
    create(ticket) {
      const info = insert.run(...toColumns(ticket))
      return get(Number(info.lastInsertRowid)) as Ticket
    },
    list(filters, limit) {
      // A handful of tickets at most in a demo: filtering in JS keeps the SQL
      // static and the filter semantics (case-insensitive name match) obvious.
      return all
        .all()
        .map(toTicket)
        .filter((ticket) => filters.status == null || ticket.status === filters.status)
        .filter(
          (ticket) =>
            filters.assignee == null || ticket.assignee['first name'].toLowerCase() === filters.assignee.toLowerCase(),
        )
        .filter((ticket) => filters.label == null || ticket.labels.includes(filters.label))
        .filter(
          (ticket) => filters.dueBefore == null || (ticket.dueDate !== null && ticket.dueDate < filters.dueBefore),
        )
        .slice(0, limit)
    },
    update(id, changes) {
      const current = get(id)
      if (current === undefined) return undefined
      const next = { ...current, ...changes }
      db.prepare(
        'UPDATE tickets SET title = ?, body = ?, assignee = ?, reporter = ?, due_date = ?, priority = ?, labels = ?, status = ? WHERE id = ?',
      ).run(...toColumns(next), next.status, id)
      return get(id)
    },
    close() {
      db.close()
    },
  }
}
