import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { McpServerSpec } from './mcp-tool-provider.js'

/** Where the three demo servers work. */
export interface BuiltinServerOptions {
  /** Sandbox folder the files server may read. */
  readonly sandbox: string
  /** Repository the git server reads. */
  readonly repo: string
  /** SQLite file of the tickets server. */
  readonly ticketsDb: string
  /** Child stderr; `'ignore'` by default so the demo's table stays readable. */
  readonly stderr?: 'inherit' | 'ignore' | 'pipe'
}

/** The names of the three servers shipped with the demo. */
export const BUILTIN_SERVERS = ['files', 'git', 'tickets'] as const

/**
 * Launch specs for the files, git and tickets servers.
 *
 * From the build (`dist/cli.js`) the servers are the sibling
 * `dist/servers/<name>.js`; from the sources (vitest runs `src/`) they are
 * `src/servers/<name>.ts`, run through tsx, so tests never depend on a stale
 * build.
 */
export function builtinServerSpecs(options: BuiltinServerOptions): McpServerSpec[] {
  const stderr = options.stderr ?? 'ignore'
  return [
    { name: 'files', ...serverCommand('files'), env: { FILES_ROOT: options.sandbox }, stderr },
    { name: 'git', ...serverCommand('git'), env: { GIT_REPO: options.repo }, stderr },
    { name: 'tickets', ...serverCommand('tickets'), env: { TICKETS_DB: options.ticketsDb }, stderr },
  ]
}

/** Command and arguments that start one built-in server with this Node. */
export function serverCommand(name: (typeof BUILTIN_SERVERS)[number]): { command: string; args: string[] } {
  const built = fileURLToPath(new URL(`./servers/${name}.js`, import.meta.url))
  if (existsSync(built)) return { command: process.execPath, args: [built] }
  const source = fileURLToPath(new URL(`../servers/${name}.ts`, import.meta.url))
  return { command: process.execPath, args: ['--import', 'tsx', source] }
}
