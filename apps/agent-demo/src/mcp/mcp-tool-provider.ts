import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { ToolEntry, ToolProvider } from '../tools/types.js'
import { serverIsParallelSafe } from './mcp-concurrency-policy.js'
import { mcpToolEntry } from './mcp-tool-entry.js'

/** How to start one MCP server as a child process speaking stdio. */
export interface McpServerSpec {
  /** The `<server>` part of tool names, and the toolset name. */
  readonly name: string
  readonly command: string
  readonly args?: readonly string[]
  /** Added to the SDK's small default environment (PATH, HOME, ...). */
  readonly env?: Readonly<Record<string, string>>
  readonly cwd?: string
  /** Where the child's stderr goes; `'ignore'` keeps the demo's output clean. */
  readonly stderr?: 'inherit' | 'ignore' | 'pipe'
}

/** A connected provider: its tools, plus the child's pid for tests that kill it. */
export interface McpToolProvider extends ToolProvider {
  /** The child process id once connected, else `null`. */
  readonly pid: () => number | null
}

/**
 * A tool provider backed by one MCP server over stdio.
 *
 * The first `tools()` spawns the server, runs the MCP handshake and
 * `listTools` (following pagination), and maps every tool to
 * `mcp__<server>__<tool>`; later calls return the same entries. `close()`
 * ends the child's stdin, which our servers take as the signal to exit (the
 * SDK escalates to SIGTERM, then SIGKILL, if one does not).
 */
export function mcpToolProvider(spec: McpServerSpec): McpToolProvider {
  let transport: StdioClientTransport | undefined
  let client: Client | undefined
  let entries: Promise<readonly ToolEntry[]> | undefined

  const connect = async (): Promise<readonly ToolEntry[]> => {
    transport = new StdioClientTransport({
      command: spec.command,
      args: [...(spec.args ?? [])],
      ...(spec.env === undefined ? {} : { env: { ...spec.env } }),
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
      stderr: spec.stderr ?? 'inherit',
    })
    client = new Client({ name: 'agent-demo', version: '0.0.0' })
    await client.connect(transport)
    const parallelSafe = serverIsParallelSafe(client.getServerCapabilities())
    const result: ToolEntry[] = []
    let cursor: string | undefined
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor })
      for (const tool of page.tools) result.push(mcpToolEntry(client, spec.name, tool, parallelSafe))
      cursor = page.nextCursor
    } while (cursor !== undefined)
    return result
  }

  return {
    name: spec.name,
    pid: () => transport?.pid ?? null,
    tools() {
      entries ??= connect()
      return entries
    },
    async close() {
      const current = client
      client = undefined
      entries = undefined
      if (current !== undefined) await current.close()
      else await transport?.close()
      transport = undefined
    },
  }
}
