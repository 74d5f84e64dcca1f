#!/usr/bin/env node
// MCP stdio server: list, read and write files inside a sandbox folder.
// Usage: files.js --root <folder>   (or FILES_ROOT=<folder>)
import { builtinServerOption } from './internal/builtin-server-option.js'
import { createFilesServer } from './internal/files-server.js'
import { runStdioServer } from './internal/run-stdio-server.js'

await runStdioServer(createFilesServer(builtinServerOption('files')))
