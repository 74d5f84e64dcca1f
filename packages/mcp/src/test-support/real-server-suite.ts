import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectClient } from './connect-client.js'
import { calls, nothingToFix, outcome, withSandbox } from './real-server-calls.js'
import type { ServerName } from './real-server-calls.js'
import { prepareWorkspace, realServers } from './servers.js'
import type { ServerCommand } from './servers.js'

/** How a suite reaches a server with the fix in place. */
export interface FixedSide {
  listTools(): Promise<ReadonlyArray<{ name: string }>>
  callTool(params: { name: string; arguments: Record<string, unknown> }): ReturnType<Client['callTool']>
  close(): Promise<void>
}

/**
 * Every call of the real-server table, with the arguments as a model sends
 * them (`modelArgs` renames keys as the model was shown them, when the fix
 * renames them): it fails against the server directly (or does not do what
 * was asked) and succeeds with the fix. The provider-side tool name is read from the fixed listing, which
 * lists the tools in the server's order.
 */
export function realServerSuite(
  title: string,
  connectFixed: (server: ServerCommand) => Promise<FixedSide>,
  modelArgs: (args: Record<string, unknown>) => Record<string, unknown> = (args) => args,
): void {
  let dir: string
  let sandbox: string
  const direct = new Map<ServerName, Client>()
  const fixed = new Map<ServerName, FixedSide>()
  const providerNames = new Map<string, string>()

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'x-mcp-fix-real-'))
    const workspace = prepareWorkspace(dir)
    sandbox = workspace.sandbox
    const servers = realServers(workspace)
    await Promise.all(
      (Object.keys(servers) as ServerName[]).map(async (name) => {
        const client = await connectClient(servers[name])
        const side = await connectFixed(servers[name])
        direct.set(name, client)
        fixed.set(name, side)
        const [plain, prepared] = await Promise.all([client.listTools(), side.listTools()])
        plain.tools.forEach((tool, index) => providerNames.set(`${name} ${tool.name}`, prepared[index]!.name))
      }),
    )
  })
  afterAll(async () => {
    await Promise.all([...direct.values(), ...fixed.values()].map((side) => side.close()))
    rmSync(dir, { recursive: true, force: true })
  })

  describe(title, () => {
    it.each((['files', 'git', 'tickets', 'everything', 'filesystem'] as const).map((name) => [name]))(
      'covers every tool %s lists, with a call or a reason',
      async (name) => {
        const { tools } = await direct.get(name)!.listTools()
        const covered = [
          ...calls.filter((call) => call.server === name).map((call) => call.tool),
          ...nothingToFix[name],
        ]
        expect(tools.map((tool) => tool.name).sort()).toEqual([...covered].sort())
      },
    )

    describe.each(calls.map((call) => [`${call.server} ${call.tool}`, call] as const))(
      '%s with model-style arguments',
      (_label, call) => {
        const model = (): { name: string; arguments: Record<string, unknown> } => ({
          name: providerNames.get(`${call.server} ${call.tool}`)!,
          arguments: modelArgs(withSandbox(call.args, sandbox)),
        })
        // A renamed key the server does not know is dropped by its validation
        // (zod strips unknown keys): such a call can "succeed" without doing
        // what was asked, so failing means either.
        it('fails, or does not do what was asked, against the server directly', async () => {
          const result = await outcome(
            (params) => direct.get(call.server)!.callTool(params),
            model().name,
            model().arguments,
          )
          expect(result.ok && result.text.includes(call.expect), result.text).toBe(false)
        })
        it('succeeds with the fix', async () => {
          const result = await outcome(
            (params) => fixed.get(call.server)!.callTool(params),
            model().name,
            model().arguments,
          )
          expect(result.ok, result.text).toBe(true)
          expect(result.text).toContain(call.expect)
        })
      },
    )
  })
}
