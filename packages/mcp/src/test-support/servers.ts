import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The built proxy bin (tests run the shipped build). */
export const PROXY_BIN = fileURLToPath(new URL('../../dist/bin/x-mcp-fix.js', import.meta.url))

/** A test fixture script of this folder. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
}

/** How to start one stdio server: command, arguments, environment. */
export interface ServerCommand {
  readonly command: string
  readonly args: readonly string[]
  readonly env?: Readonly<Record<string, string>>
}

const demoServer = (name: string): string =>
  fileURLToPath(new URL(`../../node_modules/@x/agent-demo/dist/servers/${name}.js`, import.meta.url))
const npmServer = (name: string): string =>
  fileURLToPath(new URL(`../../node_modules/@modelcontextprotocol/${name}/dist/index.js`, import.meta.url))

/** The folders the real servers work in, made under `dir`. */
export interface Workspace {
  readonly sandbox: string
  readonly ticketsDb: string
}

/** A sandbox with two files that is also a git repository with one commit and one uncommitted change. */
export function prepareWorkspace(dir: string): Workspace {
  const sandbox = join(dir, 'sandbox')
  mkdirSync(join(sandbox, 'notes'), { recursive: true })
  writeFileSync(join(sandbox, 'README.md'), '# Billing\n\nCharges customers monthly.\nSee notes.\n')
  writeFileSync(join(sandbox, 'notes', 'incident.md'), '# Incident\n\nInvoices sent twice.\n')
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Ada',
    GIT_AUTHOR_EMAIL: 'ada@example.com',
    GIT_COMMITTER_NAME: 'Ada',
    GIT_COMMITTER_EMAIL: 'ada@example.com',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_DATE: '2026-09-01T10:00:00Z',
    GIT_COMMITTER_DATE: '2026-09-01T10:00:00Z',
  }
  const git = (...args: string[]): void => void execFileSync('git', args, { cwd: sandbox, stdio: 'ignore', env })
  git('init', '--quiet', '--initial-branch=main')
  git('-c', 'commit.gpgsign=false', 'add', '.')
  git('-c', 'commit.gpgsign=false', 'commit', '--quiet', '-m', 'Add the notes')
  writeFileSync(join(sandbox, 'README.md'), '# Billing\n\nCharges customers monthly.\nSee notes/incident.md.\n')
  return { sandbox, ticketsDb: join(dir, 'tickets.db') }
}

/** The five real servers the proxy is tested against. */
export function realServers(
  workspace: Workspace,
): Record<'files' | 'git' | 'tickets' | 'everything' | 'filesystem', ServerCommand> {
  return {
    files: { command: process.execPath, args: [demoServer('files')], env: { FILES_ROOT: workspace.sandbox } },
    git: { command: process.execPath, args: [demoServer('git')], env: { GIT_REPO: workspace.sandbox } },
    tickets: { command: process.execPath, args: [demoServer('tickets')], env: { TICKETS_DB: workspace.ticketsDb } },
    everything: { command: process.execPath, args: [npmServer('server-everything'), 'stdio'] },
    filesystem: { command: process.execPath, args: [npmServer('server-filesystem'), workspace.sandbox] },
  }
}

/** The same server behind the proxy: `node x-mcp-fix.js [proxyArgs] -- <server>`. */
export function behindProxy(server: ServerCommand, proxyArgs: readonly string[] = []): ServerCommand {
  return { ...server, command: process.execPath, args: [PROXY_BIN, ...proxyArgs, '--', server.command, ...server.args] }
}
