import { prepareToolset, type ProviderName } from '@x/provider-schema'
import type { ToolDefinition } from '../model/types.js'
import { BUILTIN_TOOLSET, createToolSearch, deferredToolDefinitions } from '../tools/deferred-tools.js'
import type { JsonObject, ToolEntry } from '../tools/types.js'
import type { ToolLookup } from './resolve-call.js'
import type { LoopOptions } from './types.js'

/**
 * The profile a session prepares its tools for when none is named: `generic`
 * only makes tool and property names portable (`first name` is shown as
 * `first_name`) and keeps every keyword, `$ref`s included.
 */
export const DEFAULT_PROVIDER: ProviderName = 'generic'

/** What a session shows the model, and how it reads the model's calls back. */
export interface SessionTools {
  /** `tool_search` and `tool_call`, as prepared for the provider. */
  readonly modelTools: readonly ToolDefinition[]
  readonly lookup: ToolLookup
}

/**
 * Prepares one session's tools with `prepareToolset` for `options.provider`
 * (default {@link DEFAULT_PROVIDER}): the two tools the model is given and
 * every registry tool `tool_search` can show, in one toolset, so that each
 * entry's call (`tool_search`'s own included) goes back to its tool's name
 * and arguments through the same `restoreCall`.
 */
export function sessionTools(options: LoopOptions): SessionTools {
  const enabled = new Set(options.enabledToolsets)
  const inScope = (tool: ToolEntry): boolean => tool.toolset === BUILTIN_TOOLSET || enabled.has(tool.toolset)
  const deferred = deferredToolDefinitions()
  const toolset = prepareToolset(
    [
      ...deferred.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.parameters })),
      ...options.registry
        .list()
        .map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
    ],
    { provider: options.provider ?? DEFAULT_PROVIDER },
  )
  const search = createToolSearch(options.registry, inScope, toolset)
  const get = (name: string): ToolEntry | undefined => (name === search.name ? search : options.registry.get(name))
  const modelTools = toolset.tools.slice(0, deferred.length).map((tool) => ({
    name: tool.name,
    description: tool.description ?? '',
    parameters: tool.inputSchema as JsonObject,
  }))
  return { modelTools, lookup: { get, inScope, restoreCall: (call) => toolset.restoreCall(call) } }
}
