import { mcpScenario } from './mcp-scenario.js'

/**
 * The task "read these files and open a ticket" against the real files, git and tickets servers (stdio
 * children): three entries in one `tool_call`, split; `"5"` coerced to `5`
 * behind a `$ref`; `first_name` restored to `first name` inside the `$ref`
 * Person; then a write outside the sandbox blocked by the `sandbox-writes`
 * hook while the read of the same batch runs. The ticket lands in the
 * tickets server's SQLite file.
 */
export const readAndTicketMcp = mcpScenario({
  name: 'read-and-ticket-mcp',
  description: 'read two files and open a ticket (real MCP servers over stdio)',
  script: 'read-and-ticket-mcp.json',
})

/**
 * One batch whose write (a ticket) comes before two reads: a process killed
 * after the write and before the reads finish leaves a committed ticket and
 * unfinished reads, what the crash-and-resume test needs.
 */
export const ticketThenReads = mcpScenario({
  name: 'ticket-then-reads',
  description: 'open a ticket, then read a file and the log in the same batch (real MCP servers)',
  script: 'ticket-then-reads.json',
})
