import { mkdtempSync, rmSync } from 'node:fs'
import { BUILTIN_SERVERS } from '../shared/builtin-servers.js'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Scenario, ScenarioContext } from './types.js'
import { readTickets } from '../tickets/read-tickets.js'
import { shortPath } from '../tickets/short-path.js'
import { connectBuiltinServers } from '../mcp/connect-builtin-servers.js'
import { openDemoWorkspace } from '../workspace/demo-workspace.js'
import { sandboxWritesPlugin } from '../plugins/sandbox-writes-plugin.js'

/** What makes a scenario run against the real servers. */
export interface McpScenarioOptions {
  readonly name: string
  readonly description: string
  /** File name in `fixtures/scripts/`. */
  readonly script: string
  readonly enabledToolsets?: readonly string[]
}

/**
 * A scenario whose tools are the files, git and tickets servers, spawned over
 * stdio for each run, in a workspace of their own: a sandbox that is also a
 * git repository with fixed commits, and the tickets SQLite file. The
 * `sandbox-writes` hook guards writes.
 *
 * Given a `workspace` folder, the run uses it (created on first use, reused
 * after: a resumed session sees what its first run wrote); without one, a
 * scratch folder that is removed on close (replays run in a fresh world).
 */
export function mcpScenario(options: McpScenarioOptions): Scenario {
  return {
    name: options.name,
    description: options.description,
    script: options.script,
    enabledToolsets: options.enabledToolsets ?? BUILTIN_SERVERS.map((server) => server.name),
    approvalMode: 'never',
    async setup(context: ScenarioContext = {}) {
      const scratch = context.workspace === undefined ? mkdtempSync(join(tmpdir(), 'agent-demo-workspace-')) : undefined
      const workspace = openDemoWorkspace(context.workspace ?? scratch!)
      const removeScratch = (): void => {
        if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true })
      }
      let servers
      try {
        servers = await connectBuiltinServers(workspace)
      } catch (error) {
        removeScratch()
        throw error
      }
      const connected = servers
      return {
        tools: connected.tools,
        plugins: [sandboxWritesPlugin(workspace.sandbox)],
        guardrails: [],
        tickets: () => ({ where: `in ${shortPath(workspace.ticketsDb)}`, tickets: readTickets(workspace.ticketsDb) }),
        async close() {
          await connected.close()
          removeScratch()
        },
      }
    },
  }
}
