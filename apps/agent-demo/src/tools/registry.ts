import type { ToolEntry } from './types.js'

/** The tools known to a session, by exact name. */
export interface ToolRegistry {
  /** The entry registered under `name`, own names only. */
  get(name: string): ToolEntry | undefined
  /** Every entry in registration order. */
  list(): readonly ToolEntry[]
}

/**
 * Builds a registry from entries (in-memory tools, MCP adapters' `tools()`).
 * Two entries with the same name are a programmer error.
 *
 * @example
 * const registry = createRegistry([readTool])
 * registry.get('mcp__files__read') === readTool // => true
 */
export function createRegistry(entries: readonly ToolEntry[]): ToolRegistry {
  const byName = new Map<string, ToolEntry>()
  for (const entry of entries) {
    if (byName.has(entry.name)) throw new TypeError(`tool names must be unique, received '${entry.name}' twice`)
    byName.set(entry.name, entry)
  }
  const list = [...entries]
  return { get: (name) => byName.get(name), list: () => list }
}
