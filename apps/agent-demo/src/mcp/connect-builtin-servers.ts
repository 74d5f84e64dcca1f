import type { ToolEntry } from '../tools/types.js'
import { builtinServerSpecs, type BuiltinServerOptions } from './builtin-server-specs.js'
import { mcpToolProvider, type McpToolProvider } from './mcp-tool-provider.js'

/** The three demo servers, connected: their registry entries and how to stop them. */
export interface ConnectedServers {
  readonly tools: readonly ToolEntry[]
  readonly providers: readonly McpToolProvider[]
  /** Closes every client; each server exits when its stdin ends. */
  close(): Promise<void>
}

/**
 * Spawn the files, git and tickets servers side by side (each start costs a
 * few hundred milliseconds, so they start together) and collect their tools.
 * If one fails to start, the others are closed before the error propagates:
 * no child outlives a failed setup.
 */
export async function connectBuiltinServers(options: BuiltinServerOptions): Promise<ConnectedServers> {
  const providers = builtinServerSpecs(options).map((spec) => mcpToolProvider(spec))
  const close = async (): Promise<void> => {
    await Promise.allSettled(providers.map((provider) => provider.close()))
  }
  const lists = await Promise.allSettled(providers.map((provider) => provider.tools()))
  const failed = lists.find((list) => list.status === 'rejected')
  if (failed !== undefined) {
    await close()
    throw failed.reason
  }
  const tools = lists.flatMap((list) => (list.status === 'fulfilled' ? list.value : []))
  return { tools, providers, close }
}
