// What a person sees from `agent-demo demo` through a pipe with NO_COLOR=1
// (as in CI, `| cat`, or pasted into a bug report): the CLI as a real
// process, its stdout a pipe, the real servers behind it.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliCommand } from './commands.js'

const appDir = fileURLToPath(new URL('../..', import.meta.url))
const run = (args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: appDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    let stdout = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => void (stdout += chunk))
    child.on('exit', (code) => resolve({ code, stdout }))
  })

let dir: string
let plain: { code: number | null; stdout: string }
let everything: { code: number | null; stdout: string }
let help: { code: number | null; stdout: string }

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-demo-output-'))
  ;[plain, everything, help] = await Promise.all([
    run(['demo', '--store', 'jsonl', '--dir', dir], { NO_COLOR: '1' }),
    run(['demo', '--store', 'memory', '--all'], { NO_COLOR: '1' }),
    run(['help'], {}),
  ])
}, 60_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('agent-demo demo through a pipe with NO_COLOR=1', () => {
  it('writes plain text: no escape sequence at all', () => {
    expect(plain.code).toBe(0)
    expect(plain.stdout).not.toContain('\u001b[')
  })

  it('names each fix in a plain-text column: coerced, renamed', () => {
    expect(plain.stdout).toMatch(/^ {2}fix\s+call\s+tool\s+argument\s+model sent\s+tool received$/mu)
    expect(plain.stdout).toMatch(/^ {2}coerced\s+call_9a507f1a45c3\s+mcp__files__read\s+limit\s+"5"\s+5$/mu)
    expect(plain.stdout).toMatch(
      /^ {2}renamed\s+call_8c92dab9565b\s+mcp__tickets__create\s+assignee\.first_name → assignee\.first name\s+"Grace"\s+"Grace"$/mu,
    )
  })

  it('leaves the unchanged arguments out, and says how to see them', () => {
    expect(plain.stdout).not.toMatch(/\s+path\s+"README\.md"\s+"README\.md"/u)
    expect(plain.stdout).toContain('(4 unchanged argument(s) not shown; --all lists them)')
  })

  it('lists the unchanged arguments with --all, marked as unchanged', () => {
    expect(everything.stdout).toMatch(
      /^ {2}-\s+call_batch_01\s+mcp__files__read\s+path\s+"README\.md"\s+"README\.md"$/mu,
    )
    expect(everything.stdout).not.toContain('not shown; --all lists them')
  })

  it('shows what the real server answers to each changed call as the model sent it', () => {
    const section = plain.stdout.slice(plain.stdout.indexOf('without the fixes'))
    expect(section).toContain('throwaway copy of the workspace')
    expect(section).toMatch(
      /call_9a507f1a45c3 {2}mcp__files__read {2}\{"path":"notes\/incident\.md","limit":"5"\}\n {4}the tool refused it: .*expected number, received string at limit/u,
    )
    expect(section).toMatch(
      /call_8c92dab9565b {2}mcp__tickets__create .*\n {4}the tool refused it: .*at assignee\.first name/u,
    )
  })

  it('ends with a replay hint that works from the folder it ran in', () => {
    expect(plain.stdout).toMatch(
      /replay it with: node dist\/cli\.js replay session-read-and-ticket-mcp-0001 --store jsonl --dir \S+\n$/u,
    )
  })
})

describe('product text', () => {
  it('speaks of the project only: the output, the help and the README', () => {
    const readme = readFileSync(join(appDir, 'README.md'), 'utf8')
    for (const text of [plain.stdout, everything.stdout, help.stdout, readme])
      expect(text).not.toMatch(/\bseed\b|\barticle\b|\bissue\b/iu)
    expect(help.stdout).toContain('usage: agent-demo <command> [options]')
  })
})

describe('cliCommand', () => {
  it.each([
    [{}, '/repo/apps/agent-demo', 'node dist/cli.js'],
    [{}, '/repo', 'node apps/agent-demo/dist/cli.js'],
    [{ AGENT_DEMO_COMMAND: 'pnpm demo' }, '/repo/packages', 'pnpm demo'],
  ])('with %j from %s is %s', (env, cwd, expected) => {
    const repo = fileURLToPath(new URL('../../../..', import.meta.url)).replace(/\/$/u, '')
    expect(cliCommand(env, cwd.replace('/repo', repo))).toBe(expected)
  })
})
