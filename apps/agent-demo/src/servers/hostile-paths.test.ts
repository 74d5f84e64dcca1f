import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtinServerSpecs } from '../mcp/builtin-server-specs.js'
import { prepareDemoWorkspace, type DemoWorkspace } from '../workspace/demo-workspace.js'
import { mcpToolProvider, type McpToolProvider } from '../mcp/mcp-tool-provider.js'
import type { JsonObject, ToolEntry } from '../tools/types.js'
import { callTool } from '../testing/call-tool.js'

// Paths a model can send to the real servers over stdio: links planted in
// the sandbox (a file the model cannot create, but a repository can hold).
let dir: string
let workspace: DemoWorkspace
let providers: McpToolProvider[]
let tools: Map<string, ToolEntry>

const call = (name: string, args: JsonObject) => callTool(tools, name, args)

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'agent-demo-paths-')))
  workspace = prepareDemoWorkspace(dir)
  writeFileSync(join(dir, 'secret.txt'), 'secret')
  symlinkSync('../outside.txt', join(workspace.sandbox, 'dangling'))
  symlinkSync('../secret.txt', join(workspace.sandbox, 'link-out'))
  symlinkSync('README.md', join(workspace.sandbox, 'link-in'))
  symlinkSync('notes', join(workspace.sandbox, 'link-dir'))
  providers = builtinServerSpecs(workspace).map((spec) => mcpToolProvider(spec))
  const lists = await Promise.all(providers.map((provider) => provider.tools()))
  tools = new Map(lists.flat().map((entry) => [entry.name, entry]))
}, 20_000)

afterAll(async () => {
  await Promise.all(providers.map((provider) => provider.close()))
  rmSync(dir, { recursive: true, force: true })
})

describe('files.write and symbolic links, against the real server', () => {
  it('does not create the target of a dangling link outside the sandbox', async () => {
    const result = await call('mcp__files__write', { path: 'dangling', content: 'escaped' })
    expect(result).toMatchObject({ isError: true, content: 'refused: dangling is a symbolic link: dangling' })
    expect(existsSync(join(dir, 'outside.txt'))).toBe(false)
  })

  it.each([
    ['link-out', 'link-out'],
    ['link-in', 'link-in'],
    ['link-dir/summary.md', 'link-dir'],
    ['link-dir/incident.md', 'link-dir'],
  ])('refuses to write %s, through the link %s', async (path, link) => {
    const result = await call('mcp__files__write', { path, content: 'x', 'create folders': true })
    expect(result).toMatchObject({ isError: true, content: `refused: ${link} is a symbolic link: ${path}` })
  })

  it('leaves the files behind the links untouched', () => {
    expect(readFileSync(join(dir, 'secret.txt'), 'utf8')).toBe('secret')
    expect(readFileSync(join(workspace.sandbox, 'notes/incident.md'), 'utf8')).toContain('# Incident 2026-09-30')
    expect(existsSync(join(workspace.sandbox, 'notes/summary.md'))).toBe(false)
    expect(lstatSync(join(workspace.sandbox, 'dangling')).isSymbolicLink()).toBe(true)
  })

  it('still writes a plain file, creating its folders', async () => {
    const result = await call('mcp__files__write', {
      path: 'reports/2026/incident.md',
      content: 'two invoices',
      'create folders': true,
    })
    expect(result.data).toEqual({ path: 'reports/2026/incident.md', bytes: 12 })
  })
})

describe('tool results name no absolute workspace path', () => {
  const long = 'x'.repeat(300)
  it.each([
    ['mcp__git__diff', { path: '../tickets.db' }],
    ['mcp__git__diff', { path: '/etc/passwd' }],
    ['mcp__git__log', { filters: { path: '../..' } }],
    ['mcp__git__diff', { from: 'no-such-ref' }],
    ['mcp__git__diff', { from: 'HEAD~99' }],
    ['mcp__files__read', { path: long }],
    ['mcp__files__read', { path: 'notes' }],
    ['mcp__files__read', { path: '../tickets.db' }],
    ['mcp__files__list', { path: 'README.md' }],
    ['mcp__files__write', { path: long, content: 'x' }],
    ['mcp__files__write', { path: `notes/${long}/x.md`, content: 'x', 'create folders': true }],
    ['mcp__tickets__update', { id: 999, status: 'done' }],
  ] as const)('%s %s', async (tool, args) => {
    const result = await call(tool, args as unknown as JsonObject)
    expect(result.isError).toBe(true)
    expect(result.content).not.toContain(dir)
    expect(result.content).not.toContain(workspace.sandbox)
  })

  it("says where git's repository is relative to the sandbox", async () => {
    const result = await call('mcp__git__diff', { path: '../tickets.db' })
    expect(result.content).toContain("is outside repository at '.'")
  })
})
