import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { ServerCommand } from './servers.js'

/** An SDK `Client` connected over stdio to `server` (its stderr dropped). */
export async function connectClient(server: ServerCommand): Promise<Client> {
  const client = new Client({ name: 'x-mcp-fix-test', version: '1.0.0' })
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries({ ...process.env, ...server.env }))
    if (value !== undefined) env[key] = value
  await client.connect(
    new StdioClientTransport({ command: server.command, args: [...server.args], env, stderr: 'ignore' }),
  )
  return client
}
