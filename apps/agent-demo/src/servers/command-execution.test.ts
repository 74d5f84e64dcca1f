import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { builtinServerSpecs } from '../mcp/builtin-server-specs.js'
import { prepareDemoWorkspace, type DemoWorkspace } from '../workspace/demo-workspace.js'
import { mcpToolProvider, type McpToolProvider } from '../mcp/mcp-tool-provider.js'
import type { JsonObject, ToolEntry } from '../tools/types.js'
import { callTool } from '../testing/call-tool.js'

// A model that read a poisoned file drives the demo's own tools: these are
// the attacks it can try, run against the real files and git servers over
// stdio. Each must leave no marker file behind. The marker lives beside the
// sandbox, where only a program run by git could create it.
let dir: string
let workspace: DemoWorkspace
let providers: McpToolProvider[]
let tools: Map<string, ToolEntry>
let originalConfig: string

const marker = (name: string): string => join(dir, `PWNED-${name}`)
const call = (name: string, args: JsonObject) => callTool(tools, name, args)
const runEveryGitTool = async (): Promise<void> => {
  // Touching the changed file makes git hash it again (stat data differs),
  // which is when a clean filter runs.
  writeFileSync(join(workspace.sandbox, 'src/retry.js'), readFileSync(join(workspace.sandbox, 'src/retry.js')))
  await call('mcp__git__status', {})
  await call('mcp__git__diff', {})
  await call('mcp__git__diff', { from: 'HEAD~1' })
  await call('mcp__git__log', { limit: 1 })
}

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'agent-demo-hostile-')))
  workspace = prepareDemoWorkspace(dir)
  originalConfig = readFileSync(join(workspace.sandbox, '.git/config'), 'utf8')
  providers = builtinServerSpecs(workspace)
    .filter((spec) => spec.name !== 'tickets')
    .map((spec) => mcpToolProvider(spec))
  const lists = await Promise.all(providers.map((provider) => provider.tools()))
  tools = new Map(lists.flat().map((entry) => [entry.name, entry]))
}, 20_000)

afterEach(() => {
  writeFileSync(join(workspace.sandbox, '.git/config'), originalConfig)
  for (const file of ['.gitattributes', '.git/config.worktree', 'evil.config'])
    rmSync(join(workspace.sandbox, file), { force: true })
})

afterAll(async () => {
  await Promise.all(providers.map((provider) => provider.close()))
  rmSync(dir, { recursive: true, force: true })
})

// Each attack as a model would send it: files the files server is asked to
// write, then the git tools that would run the planted program.
const ATTACK_NAMES = ['fsmonitor', 'diff.external', 'textconv', 'filter', 'include.path']
const ATTACKS = (): ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, string]>]> => [
  ['fsmonitor', [['.git/config', `[core]\n\tfsmonitor = "touch ${marker('fsmonitor')}; false"\n`]]],
  ['diff.external', [['.git/config', `[diff]\n\texternal = "touch ${marker('diff.external')}; true"\n`]]],
  [
    'textconv',
    [
      ['.gitattributes', '* diff=pwn\n'],
      ['.git/config', `[diff "pwn"]\n\ttextconv = "touch ${marker('textconv')}; cat"\n`],
    ],
  ],
  [
    'filter',
    [
      ['.gitattributes', '* filter=pwn\n'],
      ['.git/config', `[filter "pwn"]\n\tclean = "touch ${marker('filter')}; cat"\n`],
    ],
  ],
  [
    'include.path',
    [
      ['evil.config', `[core]\n\tfsmonitor = "touch ${marker('include.path')}; false"\n`],
      ['.git/config', '[include]\n\tpath = ../evil.config\n'],
    ],
  ],
]

describe('a model writing git configuration through the files server', () => {
  it.each(ATTACK_NAMES)('cannot make git run a program through %s', async (name) => {
    const [, writes] = ATTACKS().find(([attack]) => attack === name)!
    for (const [path, content] of writes) {
      const result = await call('mcp__files__write', { path, content })
      if (path.includes('.git'))
        expect(result).toMatchObject({ isError: true, content: expect.stringContaining('refused: .git* names') })
    }
    await runEveryGitTool()
    expect(existsSync(marker(name))).toBe(false)
    expect(readFileSync(join(workspace.sandbox, '.git/config'), 'utf8')).toBe(originalConfig)
  })

  it.each([
    '.git/config',
    '.GIT/config',
    './.git/config',
    'notes/../.git/config',
    '.git./config',
    '.git /config',
    '.git\\config',
    '.g\u200cit/config',
    '\uff0egit/config',
    'GIT~1/config',
    '.git/hooks/post-index-change',
    '.gitattributes',
    'src/.gitattributes',
    '.gitmodules',
    'notes/.gitignore',
  ])('refuses to write %j, with or without creating folders', async (path) => {
    for (const createFolders of [false, true]) {
      const result = await call('mcp__files__write', { path, content: 'x', 'create folders': createFolders })
      expect(result).toMatchObject({
        isError: true,
        content: `refused: .git* names configure the programs git runs and are never written: ${path}`,
      })
    }
  })

  it('refuses a write into .git through a link inside the sandbox', async () => {
    symlinkSync('../.git', join(workspace.sandbox, 'notes/repo'))
    try {
      const result = await call('mcp__files__write', {
        path: 'notes/repo/config',
        content: `[core]\n\tfsmonitor = "touch ${marker('link')}; false"\n`,
      })
      expect(result.isError).toBe(true)
      await runEveryGitTool()
      expect(existsSync(marker('link'))).toBe(false)
    } finally {
      rmSync(join(workspace.sandbox, 'notes/repo'))
    }
  })
})

describe('the git server in a repository poisoned by other means', () => {
  // The files layer bypassed (a repository cloned with these settings, a
  // write by some other tool): git itself must still run nothing.
  it.each(ATTACK_NAMES)('runs no program configured through %s', async (name) => {
    const [, writes] = ATTACKS().find(([attack]) => attack === name)!
    for (const [path, content] of writes)
      writeFileSync(join(workspace.sandbox, path), path === '.git/config' ? originalConfig + content : content)
    await runEveryGitTool()
    expect(existsSync(marker(name))).toBe(false)
    const status = await call('mcp__git__status', {})
    expect(status).toMatchObject({
      isError: true,
      content: expect.stringContaining('which this server does not run git with'),
    })
  })

  it('runs no fsmonitor from a per-worktree configuration', async () => {
    writeFileSync(join(workspace.sandbox, '.git/config'), `${originalConfig}[extensions]\n\tworktreeConfig = true\n`)
    writeFileSync(
      join(workspace.sandbox, '.git/config.worktree'),
      `[core]\n\tfsmonitor = "touch ${marker('worktree')}; false"\n`,
    )
    await runEveryGitTool()
    expect(existsSync(marker('worktree'))).toBe(false)
  })

  it('runs no hook, even one git would find through core.hooksPath', async () => {
    const hooks = join(dir, 'hooks')
    mkdirSync(hooks, { recursive: true })
    for (const hook of ['post-index-change', 'post-checkout', 'reference-transaction']) {
      writeFileSync(join(hooks, hook), `#!/bin/sh\ntouch ${marker('hook')}\n`)
      chmodSync(join(hooks, hook), 0o755)
    }
    writeFileSync(join(workspace.sandbox, '.git/config'), `${originalConfig}[core]\n\thooksPath = ${hooks}\n`)
    await runEveryGitTool()
    expect(existsSync(marker('hook'))).toBe(false)
  })

  it('still answers in the repository as the workspace made it', async () => {
    expect((await call('mcp__git__status', {})).data).toMatchObject({
      changes: [{ status: ' M', path: 'src/retry.js' }],
    })
    expect((await call('mcp__git__diff', {})).content).toContain('+  if (job.sent) return')
  })
})
