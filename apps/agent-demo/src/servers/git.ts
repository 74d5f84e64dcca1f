#!/usr/bin/env node
// MCP stdio server: log, status and diff of a git repository.
// Usage: git.js --repo <folder>   (or GIT_REPO=<folder>)
import { createGitServer } from './internal/git-server.js'
import { runStdioServer } from './internal/run-stdio-server.js'
import { serverOption } from './internal/server-option.js'

const repo = serverOption(process.argv.slice(2), 'repo', 'GIT_REPO')
if (repo === undefined) {
  console.error('git server: expected --repo <folder> or GIT_REPO')
  process.exit(2)
}
await runStdioServer(createGitServer(repo))
