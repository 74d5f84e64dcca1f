import type { DemoWorkspace } from '../workspace/demo-workspace.js'

/** One MCP server shipped with the demo: everything the client and the server agree on. */
export interface BuiltinServer {
  /** The `<server>` part of tool names, the toolset name, and `src/servers/<name>.ts`. */
  readonly name: string
  /** `--<flag> <value>` on the server's command line ... */
  readonly flag: string
  /** ... or this environment variable, which the client sets. */
  readonly env: string
  /** What the flag names, for the server's usage line. */
  readonly what: string
  /** The part of a workspace the server works in. */
  readonly path: (workspace: DemoWorkspace) => string
}

/**
 * The registry of built-in servers. A new server is one entry here, its
 * entry file `src/servers/<name>.ts` (which reads its option with this
 * entry), and its code: the client's launch specs, the scenarios' toolsets
 * and `compare` all derive from this list.
 */
export const BUILTIN_SERVERS: readonly BuiltinServer[] = [
  { name: 'files', flag: 'root', env: 'FILES_ROOT', what: 'folder', path: (workspace) => workspace.sandbox },
  { name: 'git', flag: 'repo', env: 'GIT_REPO', what: 'folder', path: (workspace) => workspace.repo },
  { name: 'tickets', flag: 'db', env: 'TICKETS_DB', what: 'file', path: (workspace) => workspace.ticketsDb },
]
