#!/usr/bin/env node
// MCP stdio server: create, list and update tickets in its own SQLite file.
// Usage: tickets.js --db <file>   (or TICKETS_DB=<file>)
import { openTicketsDb } from '../tickets/tickets-db.js'
import { builtinServerOption } from './internal/builtin-server-option.js'
import { createTicketsServer } from './internal/tickets-server.js'
import { runStdioServer } from './internal/run-stdio-server.js'

const db = openTicketsDb(builtinServerOption('tickets'))
await runStdioServer(createTicketsServer(db), () => db.close())
