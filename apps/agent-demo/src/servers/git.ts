#!/usr/bin/env node
// MCP stdio server: log, status and diff of a git repository.
// Usage: git.js --repo <folder>   (or GIT_REPO=<folder>)
import { builtinServerOption } from './internal/builtin-server-option.js'
import { createGitServer } from './internal/git-server.js'
import { runStdioServer } from './internal/run-stdio-server.js'

await runStdioServer(createGitServer(builtinServerOption('git')))
