/** What the CLI shows of a ticket, whichever tool stored it. */
export interface TicketSummary {
  readonly id: number
  readonly title: string
  readonly status: string
  readonly assignee: unknown
  readonly dueDate: string | null
  readonly priority: number | null
}

/** The tickets a run left, and where they are kept. */
export interface TicketsReport {
  /** `in <file>` for the tickets server's SQLite file, `in memory (not kept)` for stand-ins. */
  readonly where: string
  readonly tickets: readonly TicketSummary[]
}

/**
 * A few lines saying which tickets a run left, as the tool stored them: the
 * proof that a ticket the model says it opened really is there.
 *
 * @example
 * describeTickets({ where: 'in tickets.db', tickets: [] }) // => '\ntickets in tickets.db: none\n'
 */
export function describeTickets(report: TicketsReport): string {
  if (report.tickets.length === 0) return `\ntickets ${report.where}: none\n`
  const lines = report.tickets.map(
    (ticket) =>
      `  #${ticket.id} [${ticket.status}] ${ticket.title}  assignee ${JSON.stringify(ticket.assignee)}  due ${ticket.dueDate ?? '-'}  priority ${ticket.priority ?? '-'}`,
  )
  return `\ntickets ${report.where}:\n${lines.join('\n')}\n`
}
