import { connectClient } from '../test-support/connect-client.js'
import { modelKeys } from '../test-support/real-server-calls.js'
import { realServerSuite } from '../test-support/real-server-suite.js'
import type { FixedSide } from '../test-support/real-server-suite.js'
import { behindProxy } from '../test-support/servers.js'
import type { ServerCommand } from '../test-support/servers.js'

async function proxied(server: ServerCommand, proxyArgs: readonly string[] = []): Promise<FixedSide> {
  const client = await connectClient(behindProxy(server, proxyArgs))
  return {
    listTools: async () => (await client.listTools()).tools,
    callTool: (params) => client.callTool(params),
    close: () => client.close(),
  }
}

realServerSuite('x-mcp-fix in front of real servers (tools listed as the server lists them)', (server) =>
  proxied(server),
)

realServerSuite(
  'x-mcp-fix --provider anthropic in front of real servers (keys renamed for the provider)',
  (server) => proxied(server, ['--provider', 'anthropic']),
  (args) => modelKeys(args) as Record<string, unknown>,
)
