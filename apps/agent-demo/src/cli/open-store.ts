import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { createJsonlStore } from '../store/jsonl-store.js'
import { createMemoryStore } from '../store/memory-store.js'
import { createSqliteStore } from '../store/sqlite-store.js'
import type { SessionStore } from '../store/types.js'
import type { CliOptions } from './options.js'

/** The SQLite file of the default store, inside the data folder. */
export function sqliteStorePath(dir: string): string {
  return join(dir, 'sessions.db')
}

/**
 * The store `--store` names: SQLite (default, `<dir>/sessions.db`), JSONL
 * (`<dir>/<id>.jsonl`) or memory (nothing kept).
 */
export function openStore(options: Pick<CliOptions, 'store' | 'dir'>): SessionStore {
  if (options.store === 'memory') return createMemoryStore()
  if (options.store === 'jsonl') return createJsonlStore(options.dir)
  mkdirSync(options.dir, { recursive: true })
  return createSqliteStore(sqliteStorePath(options.dir))
}

/**
 * Where MCP scenario runs keep their world, for stores that outlive the
 * process. One folder per store kind: the SQLite and JSONL stores number
 * their sessions independently, and a new run clears the folder its number
 * names, which must never be another store's session's world.
 */
export function workspaceRoot(options: Pick<CliOptions, 'store' | 'dir'>): string | undefined {
  return options.store === 'memory' ? undefined : join(options.dir, 'workspaces', options.store)
}
