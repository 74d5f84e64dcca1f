import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUILTIN_SERVERS } from '../shared/builtin-servers.js'
import type { DemoWorkspace } from '../workspace/demo-workspace.js'
import type { McpServerSpec } from './mcp-tool-provider.js'

/** Where the demo servers work, and where their stderr goes. */
export interface BuiltinServerOptions extends DemoWorkspace {
  /** Child stderr; `'ignore'` by default so the demo's table stays readable. */
  readonly stderr?: 'inherit' | 'ignore' | 'pipe'
}

/**
 * Launch specs for the built-in servers (`BUILTIN_SERVERS`), each told its
 * part of the workspace through its environment variable.
 *
 * From the build (`dist/cli.js`) the servers are the sibling
 * `dist/servers/<name>.js`; from the sources (vitest runs `src/`) they are
 * the build when it is current, else `src/servers/<name>.ts` through tsx.
 */
export function builtinServerSpecs(options: BuiltinServerOptions): McpServerSpec[] {
  const stderr = options.stderr ?? 'ignore'
  return BUILTIN_SERVERS.map((server) => ({
    name: server.name,
    ...serverCommand(server.name),
    env: { [server.env]: server.path(options) },
    stderr,
  }))
}

/** Command and arguments that start one built-in server with this Node. */
export function serverCommand(name: string): { command: string; args: string[] } {
  const besideBuild = fileURLToPath(new URL(`./servers/${name}.js`, import.meta.url))
  if (existsSync(besideBuild)) return { command: process.execPath, args: [besideBuild] }
  // Running from src/ (the tests): the build is used only when it is newer
  // than every server source, so a test never exercises stale code; else the
  // source runs through tsx (slower to start and to exit, always current).
  const built = fileURLToPath(new URL(`../../dist/servers/${name}.js`, import.meta.url))
  const sources = fileURLToPath(new URL('../servers/', import.meta.url))
  if (existsSync(built) && statSync(built).mtimeMs >= newestMtime(sources))
    return { command: process.execPath, args: [built] }
  return { command: process.execPath, args: ['--import', 'tsx', join(sources, `${name}.ts`)] }
}

function newestMtime(folder: string): number {
  let newest = 0
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}
