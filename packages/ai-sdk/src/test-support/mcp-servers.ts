// Test support, never shipped: it starts real MCP servers, which takes Node's
// file system and processes.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createMCPClient } from '@ai-sdk/mcp'
import type { MCPClient } from '@ai-sdk/mcp'
import { Experimental_StdioMCPTransport as StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio'

const demo = fileURLToPath(new URL('../../../../apps/agent-demo/', import.meta.url))

function newestMtime(folder: string): number {
  let newest = 0
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/**
 * How to start the agent-demo's files server: its build when that is newer
 * than every server source (so a test never runs stale code), else the
 * source through tsx, as the demo's own tests do.
 */
function filesServerCommand(): { command: string; args: string[] } {
  const built = join(demo, 'dist/servers/files.js')
  const sources = join(demo, 'src/servers')
  try {
    if (statSync(built).mtimeMs >= newestMtime(sources)) return { command: process.execPath, args: [built] }
  } catch {
    // No build: run the source.
  }
  return { command: process.execPath, args: ['--import', 'tsx', join(sources, 'files.ts')] }
}

/** A files server over a fresh sandbox holding `notes.txt` (five lines). */
export async function connectFilesServer(): Promise<{ client: MCPClient; sandbox: string; close(): Promise<void> }> {
  const sandbox = mkdtempSync(join(tmpdir(), 'ai-sdk-files-'))
  writeFileSync(join(sandbox, 'notes.txt'), 'one\ntwo\nthree\nfour\nfive')
  const client = await createMCPClient({
    transport: new StdioMCPTransport({
      ...filesServerCommand(),
      cwd: demo,
      env: { ...(process.env as Record<string, string>), FILES_ROOT: sandbox },
      stderr: 'ignore',
    }),
  })
  return {
    client,
    sandbox,
    close: async () => {
      await client.close()
      rmSync(sandbox, { recursive: true, force: true })
    },
  }
}

/** The npm reference server `@modelcontextprotocol/server-everything` over stdio. */
export async function connectEverythingServer(): Promise<{ client: MCPClient; close(): Promise<void> }> {
  const require = createRequire(import.meta.url)
  const entry = join(require.resolve('@modelcontextprotocol/server-everything/package.json'), '..', 'dist/index.js')
  const client = await createMCPClient({
    transport: new StdioMCPTransport({ command: process.execPath, args: [entry, 'stdio'], stderr: 'ignore' }),
  })
  return { client, close: () => client.close() }
}
