import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectClient } from '../test-support/connect-client.js'
import { behindProxy, prepareWorkspace, realServers } from '../test-support/servers.js'

type ServerName = keyof ReturnType<typeof realServers>

/**
 * One call per tool, with the arguments as models send them: numbers and
 * booleans as strings, objects and arrays as JSON text. `expect` is a piece
 * of the successful result. Calls run in table order (the ticket is created
 * before it is updated).
 */
const calls: ReadonlyArray<{ server: ServerName; tool: string; args: Record<string, unknown>; expect: string }> = [
  { server: 'files', tool: 'list', args: { filters: '{"extensions":[".md"],"max depth":"3"}', limit: '10' }, expect: 'notes/incident.md' },
  { server: 'files', tool: 'read', args: { path: 'README.md', limit: '1' }, expect: '"lines":1' },
  { server: 'files', tool: 'write', args: { path: 'out/note.txt', content: 'hello', 'create folders': 'true' }, expect: '"bytes":5' },
  { server: 'git', tool: 'log', args: { limit: '1', filters: '{"author":"Ada","path":null}' }, expect: 'Add the notes' },
  { server: 'git', tool: 'diff', args: { path: 'README.md', 'context lines': '0' }, expect: 'notes/incident.md' },
  {
    server: 'tickets',
    tool: 'create',
    args: { title: 'Fix retries', assignee: '{"first name":"Grace"}', 'due date': null, priority: '2', labels: '["billing"]' },
    expect: 'Fix retries',
  },
  { server: 'tickets', tool: 'list', args: { filters: '{"status":"open","assignee":"Grace"}', limit: '5' }, expect: 'Fix retries' },
  { server: 'tickets', tool: 'update', args: { id: '1', status: 'closed', 'due date': '2026-12-01' }, expect: 'closed' },
  { server: 'everything', tool: 'get-sum', args: { a: '2', b: '3.5' }, expect: '5.5' },
  { server: 'everything', tool: 'get-annotated-message', args: { messageType: 'success', includeImage: 'false' }, expect: 'success' },
  { server: 'everything', tool: 'get-resource-links', args: { count: '2' }, expect: 'resource_link' },
  { server: 'everything', tool: 'get-resource-reference', args: { resourceType: 'Text', resourceId: '2' }, expect: 'resource' },
  { server: 'everything', tool: 'trigger-long-running-operation', args: { duration: '0.2', steps: '2' }, expect: 'completed' },
  { server: 'filesystem', tool: 'read_text_file', args: { path: '{sandbox}/README.md', head: '1' }, expect: '# Billing' },
  { server: 'filesystem', tool: 'read_file', args: { path: '{sandbox}/README.md', tail: '2' }, expect: 'See notes' },
  { server: 'filesystem', tool: 'read_multiple_files', args: { paths: '["{sandbox}/README.md"]' }, expect: 'Charges customers' },
  {
    server: 'filesystem',
    tool: 'edit_file',
    args: { path: '{sandbox}/README.md', edits: '[{"oldText":"monthly","newText":"weekly"}]', dryRun: 'true' },
    expect: '+Charges customers weekly.',
  },
  { server: 'filesystem', tool: 'directory_tree', args: { path: '{sandbox}', excludePatterns: '["out"]' }, expect: 'incident.md' },
  { server: 'filesystem', tool: 'search_files', args: { path: '{sandbox}', pattern: '**/*.md', excludePatterns: '["out"]' }, expect: 'incident.md' },
]

/** Tools whose parameters are all strings (or none): no model-style mistake to fix, so no failing call to show. */
const nothingToFix: Readonly<Record<ServerName, readonly string[]>> = {
  files: [],
  git: ['status'],
  tickets: [],
  everything: [
    'echo',
    'get-env',
    'get-structured-content',
    'get-tiny-image',
    'toggle-simulated-logging',
    'toggle-subscriber-updates',
    // Its default input is a URL it downloads: the tests never use the network.
    'gzip-file-as-resource',
    // Runs only as a task (client.experimental.tasks), which these tests do not drive.
    'simulate-research-query',
  ],
  filesystem: ['read_media_file', 'write_file', 'create_directory', 'list_directory', 'list_directory_with_sizes', 'move_file', 'get_file_info', 'list_allowed_directories'],
}

let dir: string
let sandbox: string
const direct = new Map<ServerName, Client>()
const proxied = new Map<ServerName, Client>()

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'x-mcp-fix-real-'))
  const workspace = prepareWorkspace(dir)
  sandbox = workspace.sandbox
  const servers = realServers(workspace)
  await Promise.all(
    (Object.keys(servers) as ServerName[]).map(async (name) => {
      direct.set(name, await connectClient(servers[name]))
      proxied.set(name, await connectClient(behindProxy(servers[name])))
    }),
  )
})
afterAll(async () => {
  await Promise.all([...direct.values(), ...proxied.values()].map((client) => client.close()))
  rmSync(dir, { recursive: true, force: true })
})

const withSandbox = (args: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(args).replaceAll('{sandbox}', sandbox.replaceAll('\\', '\\\\'))) as Record<string, unknown>

async function outcome(client: Client, tool: string, args: Record<string, unknown>): Promise<{ ok: boolean; text: string }> {
  try {
    const result = await client.callTool({ name: tool, arguments: withSandbox(args) })
    const content = Array.isArray(result.content) ? (result.content as Array<{ text?: unknown }>) : []
    const text = content.map((part) => (typeof part.text === 'string' ? part.text : JSON.stringify(part))).join('\n')
    return { ok: result.isError !== true, text: `${text}\n${JSON.stringify(result.structuredContent ?? null)}` }
  } catch (error) {
    return { ok: false, text: String(error) }
  }
}

describe('x-mcp-fix in front of real servers', () => {
  it.each((['files', 'git', 'tickets', 'everything', 'filesystem'] as const).map((name) => [name]))(
    'covers every tool %s lists, with a call or a reason',
    async (name) => {
      const { tools } = await proxied.get(name)!.listTools()
      const covered = [...calls.filter((call) => call.server === name).map((call) => call.tool), ...nothingToFix[name]]
      expect(tools.map((tool) => tool.name).sort()).toEqual([...covered].sort())
    },
  )

  describe.each(calls.map((call) => [`${call.server} ${call.tool}`, call] as const))('%s with model-style arguments', (_label, call) => {
    it('fails validation without the proxy', async () => {
      const result = await outcome(direct.get(call.server)!, call.tool, call.args)
      expect(result.ok, result.text).toBe(false)
      expect(result.text).toMatch(/Input validation error/)
    })
    it('succeeds through the proxy', async () => {
      const result = await outcome(proxied.get(call.server)!, call.tool, call.args)
      expect(result.ok, result.text).toBe(true)
      expect(result.text).toContain(call.expect)
    })
  })
})
