import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonObject, ToolEntry } from '../tools/types.js'
import { callTool } from '../testing/call-tool.js'
import { builtinServerSpecs } from './builtin-server-specs.js'
import { prepareDemoWorkspace, type DemoWorkspace } from '../workspace/demo-workspace.js'
import { mcpToolProvider, type McpToolProvider } from './mcp-tool-provider.js'

// One spawn per server for the whole file: starting a server costs ~0.3-0.7 s.
let dir: string
let workspace: DemoWorkspace
let providers: McpToolProvider[]
let tools: Map<string, ToolEntry>

const call = (name: string, args: JsonObject) => callTool(tools, name, args)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-demo-mcp-'))
  workspace = prepareDemoWorkspace(dir)
  providers = builtinServerSpecs(workspace).map((spec) => mcpToolProvider(spec))
  const lists = await Promise.all(providers.map((provider) => provider.tools()))
  tools = new Map(lists.flat().map((entry) => [entry.name, entry]))
}, 20_000)

afterAll(async () => {
  await Promise.all(providers.map((provider) => provider.close()))
  rmSync(dir, { recursive: true, force: true })
})

describe('mcpToolProvider against the real servers over stdio', () => {
  it('registers every tool as mcp__<server>__<tool>', () => {
    expect([...tools.keys()].sort()).toEqual([
      'mcp__files__list',
      'mcp__files__read',
      'mcp__files__write',
      'mcp__git__diff',
      'mcp__git__log',
      'mcp__git__status',
      'mcp__tickets__create',
      'mcp__tickets__list',
      'mcp__tickets__update',
    ])
  })

  it('keeps the advertised inputSchema as the original schema, $ref and spaces included', () => {
    const schema = tools.get('mcp__tickets__create')!.inputSchema as { properties: JsonObject; definitions: JsonObject }
    expect(schema.properties.assignee).toEqual({ $ref: '#/definitions/Person' })
    expect(schema.properties).toHaveProperty(['due date'])
  })

  it('runs the read tools of a parallel-safe server concurrently', () => {
    expect(tools.get('mcp__files__read')!.concurrency).toEqual({ parallelSafe: true, kind: 'read' })
    expect(tools.get('mcp__git__log')!.concurrency).toEqual({ parallelSafe: true, kind: 'read' })
  })

  it('runs every tool of a server that is not parallel-safe alone, reads included', () => {
    expect(tools.get('mcp__tickets__create')!.concurrency).toEqual({ parallelSafe: false, kind: 'write' })
    expect(tools.get('mcp__tickets__list')!.concurrency).toEqual({ parallelSafe: false, kind: 'read' })
  })

  it('uses the server name as the toolset', () => {
    expect(tools.get('mcp__git__status')!.toolset).toBe('git')
  })

  it('reads a file of the sandbox, limited to the first lines', async () => {
    const result = await call('mcp__files__read', { path: 'notes/incident.md', limit: 2 })
    expect(result.isError).toBeUndefined()
    expect(result.data).toEqual({ path: 'notes/incident.md', lines: 2, text: '# Incident 2026-09-30\n' })
  })

  it('lists the files of the sandbox, hidden ones (.git) left out', async () => {
    const result = await call('mcp__files__list', {})
    expect(result.data).toEqual({ files: ['README.md', 'notes/incident.md', 'src/retry.js'] })
  })

  it('lists files with a nested filter', async () => {
    const result = await call('mcp__files__list', { filters: { extensions: ['.md'] } })
    expect(result.data).toEqual({ files: ['README.md', 'notes/incident.md'] })
  })

  it('refuses a path that escapes the sandbox', async () => {
    const result = await call('mcp__files__read', { path: '../tickets.db' })
    expect(result).toMatchObject({ isError: true, content: 'path escapes the sandbox: ../tickets.db' })
  })

  it('runs the write tool of a parallel-safe server alone', () => {
    expect(tools.get('mcp__files__write')!.concurrency).toEqual({ parallelSafe: false, kind: 'write' })
  })

  it('writes a file inside the sandbox', async () => {
    const result = await call('mcp__files__write', { path: 'notes/summary.md', content: 'two invoices' })
    expect(result.data).toEqual({ path: 'notes/summary.md', bytes: 12 })
    expect(readFileSync(join(workspace.sandbox, 'notes/summary.md'), 'utf8')).toBe('two invoices')
  })

  it('refuses to write outside the sandbox', async () => {
    const result = await call('mcp__files__write', { path: '../escaped.md', content: 'x' })
    expect(result).toMatchObject({ isError: true, content: 'path escapes the sandbox: ../escaped.md' })
    expect(existsSync(join(dir, 'escaped.md'))).toBe(false)
  })

  it('rejects "5" for an integer behind a $ref: the tool alone does not coerce', async () => {
    const result = await call('mcp__files__read', { path: 'README.md', limit: '5' })
    expect(result.isError).toBe(true)
  })

  it('drops `first_name` and then misses `first name`: the tool alone does not unmap', async () => {
    const result = await call('mcp__tickets__create', {
      title: 'x',
      assignee: { first_name: 'Grace' },
      'due date': null,
    })
    expect(result.isError).toBe(true)
    expect(result.content).toContain('first name')
  })

  it('shows the log of the repository with stable hashes', async () => {
    const result = await call('mcp__git__log', { limit: 2 })
    const { commits } = result.data as { commits: { subject: string; date: string }[] }
    expect(commits.map((commit) => [commit.subject, commit.date])).toEqual([
      ['Add src/retry.js', '2026-10-01T09:30:00+00:00'],
      ['Add notes/incident.md', '2026-09-30T16:00:00+00:00'],
    ])
  })

  it('shows the uncommitted change in status and diff', async () => {
    expect((await call('mcp__git__status', {})).data).toMatchObject({
      changes: expect.arrayContaining([{ status: ' M', path: 'src/retry.js' }]),
    })
    expect((await call('mcp__git__diff', { path: 'src/retry.js' })).content).toContain('+  if (job.sent) return')
  })

  it('refuses a ref that git would read as an option', async () => {
    const result = await call('mcp__git__diff', { from: '--output=/tmp/x' })
    expect(result.isError).toBe(true)
  })

  it("writes a created ticket to the server's own SQLite file", async () => {
    const created = await call('mcp__tickets__create', {
      title: 'Retry job sends invoices twice',
      assignee: { 'first name': 'Grace' },
      reporter: null,
      'due date': '2026-10-15',
    })
    expect(created.data).toMatchObject({
      title: 'Retry job sends invoices twice',
      assignee: { 'first name': 'Grace' },
      status: 'open',
    })
    const db = new Database(workspace.ticketsDb, { readonly: true })
    try {
      expect(db.prepare('SELECT title FROM tickets').all()).toEqual([{ title: 'Retry job sends invoices twice' }])
    } finally {
      db.close()
    }
  })

  it('updates and lists tickets through filters', async () => {
    const [ticket] = (
      (await call('mcp__tickets__list', { filters: { assignee: 'grace' } })).data as { tickets: { id: number }[] }
    ).tickets
    await call('mcp__tickets__update', { id: ticket!.id, status: 'in progress' })
    const listed = await call('mcp__tickets__list', { filters: { status: 'in progress' } })
    expect((listed.data as { tickets: unknown[] }).tickets).toHaveLength(1)
  })

  it('rejects a call once the turn is stopped', async () => {
    const controller = new AbortController()
    controller.abort()
    const entry = tools.get('mcp__git__status')!
    await expect(
      entry.handler({}, { callId: 'c', sessionId: 's', toolName: entry.name, signal: controller.signal }),
    ).rejects.toThrow()
  })
})

describe('closing a provider', () => {
  it('ends the server process', async () => {
    const provider = mcpToolProvider(builtinServerSpecs(workspace)[1]!)
    await provider.tools()
    const pid = provider.pid()!
    await provider.close()
    expect(() => process.kill(pid, 0)).toThrow()
  }, 10_000)
})
