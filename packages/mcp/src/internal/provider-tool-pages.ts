import { prepareToolset } from '@x/provider-schema'
import type { PreparedToolset, ProviderName, ToolDefinition } from '@x/provider-schema'

/**
 * The tools a server listed, page after page, prepared for one provider;
 * shared by the proxy and the client wrapper so both rewrite alike.
 *
 * A first page (a `tools/list` without cursor) starts the set again; each
 * later page adds to it, and the whole set is prepared again, so provider
 * names stay unique across pages. Until the set is listed again, calls are
 * restored against the last set prepared.
 */
export interface ProviderToolPages {
  /** The page's tools in the provider's form (entries that are not tools stay as they were). */
  listed(tools: readonly unknown[], firstPage: boolean): readonly unknown[]
  /** A provider-side call as the server expects it; `undefined` when unknown to the set or already right. */
  restore(name: string, args: unknown): { readonly name: string; readonly arguments: unknown } | undefined
  /** The set prepared from every page listed so far (undefined before the first). */
  toolset(): PreparedToolset | undefined
}

/** A fresh set of pages for `provider`. */
export function providerToolPages(provider: ProviderName): ProviderToolPages {
  let listedTools = new Map<string, ToolDefinition>()
  let toolset: PreparedToolset | undefined
  return {
    listed(tools, firstPage) {
      if (firstPage) listedTools = new Map()
      for (const tool of tools) if (isToolDefinition(tool)) listedTools.set(tool.name, tool)
      const prepared = prepareToolset([...listedTools.values()], { provider })
      toolset = prepared
      const byOriginal = new Map(prepared.tools.map((tool) => [tool.originalName, tool]))
      return tools.map((tool) => {
        const entry = isToolDefinition(tool) ? byOriginal.get(tool.name) : undefined
        if (entry === undefined) return tool
        return {
          ...entry.original,
          name: entry.name,
          ...(entry.description === undefined ? {} : { description: entry.description }),
          inputSchema: entry.inputSchema,
        }
      })
    },
    restore(name, args) {
      if (toolset === undefined) return undefined
      const restored = toolset.restoreCall({ name, arguments: args })
      if (!restored.ok || (restored.name === name && restored.arguments === args)) return undefined
      return { name: restored.name, arguments: restored.arguments }
    },
    toolset: () => toolset,
  }
}

function isToolDefinition(value: unknown): value is ToolDefinition {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
}
