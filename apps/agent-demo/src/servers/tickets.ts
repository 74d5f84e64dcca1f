#!/usr/bin/env node
// MCP stdio server: create, list and update tickets in its own SQLite file.
// Usage: tickets.js --db <file>   (or TICKETS_DB=<file>)
import { openTicketsDb } from '../tickets/tickets-db.js'
import { createTicketsServer } from './internal/tickets-server.js'
import { runStdioServer } from './internal/run-stdio-server.js'
import { serverOption } from './internal/server-option.js'

const file = serverOption(process.argv.slice(2), 'db', 'TICKETS_DB')
if (file === undefined) {
  console.error('tickets server: expected --db <file> or TICKETS_DB')
  process.exit(2)
}
const db = openTicketsDb(file)
await runStdioServer(createTicketsServer(db), () => db.close())
