import { connectClient } from './test-support/connect-client.js'
import { modelKeys } from './test-support/real-server-calls.js'
import { realServerSuite } from './test-support/real-server-suite.js'
import { wrapClient } from './wrap-client.js'

realServerSuite(
  'wrapClient(client, { provider: "anthropic" }) on real servers',
  async (server) => {
    const client = await connectClient(server)
    const fixed = wrapClient(client, { provider: 'anthropic' })
    return {
      listTools: () => fixed.listAllTools(),
      callTool: (params) => fixed.callTool(params),
      close: () => client.close(),
    }
  },
  (args) => modelKeys(args) as Record<string, unknown>,
)
