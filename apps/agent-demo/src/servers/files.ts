#!/usr/bin/env node
// MCP stdio server: list and read files inside a sandbox folder.
// Usage: files.js --root <folder>   (or FILES_ROOT=<folder>)
import { createFilesServer } from './internal/files-server.js'
import { runStdioServer } from './internal/run-stdio-server.js'
import { serverOption } from './internal/server-option.js'

const root = serverOption(process.argv.slice(2), 'root', 'FILES_ROOT')
if (root === undefined) {
  console.error('files server: expected --root <folder> or FILES_ROOT')
  process.exit(2)
}
await runStdioServer(createFilesServer(root))
