import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js'
import { PROVIDER_NAMES } from '@x/provider-schema'
import type { PreparedToolset, ProviderName } from '@x/provider-schema'
import { providerToolPages } from './internal/provider-tool-pages.js'

/** Options of {@link wrapClient}. */
export interface WrapClientOptions {
  /** The provider the tools are prepared for (`'anthropic'`, `'openai-strict'`, `'gemini'`, ...). */
  readonly provider: ProviderName
}

/** A `Client` whose tools are provider-ready and whose calls are restored. */
export interface FixedClient {
  /** The wrapped client, for everything else (resources, prompts, ...). */
  readonly client: Client
  /** The provider the tools are prepared for, as given. */
  readonly provider: ProviderName
  /** One page of `tools/list`, each tool prepared for the provider (name, schema). */
  listTools(params?: Parameters<Client['listTools']>[0], options?: RequestOptions): Promise<ListToolsResult>
  /** Every page of `tools/list`, prepared for the provider. */
  listAllTools(options?: RequestOptions): Promise<ListToolsResult['tools']>
  /** The prepared set behind the last listing; lists every page first when there is none yet or the server's list changed. */
  toolset(options?: RequestOptions): Promise<PreparedToolset>
  /** `client.callTool` for a call as the model made it: name and arguments restored first. */
  callTool(...args: Parameters<Client['callTool']>): ReturnType<Client['callTool']>
}

/**
 * Wraps an MCP `Client` so that the tools it lists are ready for one model
 * provider and the calls that provider's model makes reach the server as
 * the server expects them.
 *
 * `listTools` returns each tool with the name and input schema the provider
 * accepts (`@x/provider-schema`'s `prepareToolset`: sanitized names and
 * property keys, keywords the provider rejects rewritten, strict mode).
 * `callTool` takes the call as the model made it (provider-side name,
 * renamed keys, numbers and booleans as strings, objects as JSON text) and
 * restores name and arguments before calling the server; a call it cannot
 * restore (an unknown tool) goes to the server unchanged, for the server's
 * own error. Pages add to the prepared set; a listing without cursor starts
 * it again; after `notifications/tools/list_changed` the next call lists
 * again first. The client itself is not changed, except that the wrapper
 * also listens to `notifications/tools/list_changed` (a handler set before
 * keeps being called).
 *
 * @example
 * ```ts
 * const fixed = wrapClient(client, { provider: 'anthropic' })
 * const tools = await fixed.listAllTools() // e.g. "first name" is "first_name" here
 * await fixed.callTool({ name: 'create', arguments: { assignee: '{"first_name":"Grace"}', priority: '2' } })
 * // the server receives { assignee: { "first name": "Grace" }, priority: 2 }
 * ```
 *
 * @param client - a connected (or about to be connected) SDK `Client`
 * @param options - `provider`: which provider the tools are prepared for
 * @returns the wrapper
 * @throws TypeError when `options.provider` is not a known provider
 */
export function wrapClient(client: Client, options: WrapClientOptions): FixedClient {
  const provider = options?.provider
  if (!(PROVIDER_NAMES as readonly unknown[]).includes(provider)) {
    throw new TypeError(
      `wrapClient: expected options.provider to be one of ${PROVIDER_NAMES.join(', ')}, received ${JSON.stringify(provider) ?? 'undefined'}`,
    )
  }
  const pages = providerToolPages(provider)
  let stale = true
  // The SDK keeps one handler per notification: the one set before (the
  // client's own `listChanged` option, a user's) is called from ours.
  const handlers = (client as unknown as { _notificationHandlers?: Map<string, (notification: unknown) => unknown> })
    ._notificationHandlers
  const previous = handlers?.get('notifications/tools/list_changed')
  client.setNotificationHandler(ToolListChangedNotificationSchema, async (notification) => {
    stale = true
    await previous?.(notification)
  })

  const listTools: FixedClient['listTools'] = async (params, requestOptions) => {
    const result = await client.listTools(params, requestOptions)
    const firstPage = params?.cursor === undefined
    if (firstPage) stale = false
    return { ...result, tools: pages.listed(result.tools, firstPage) as ListToolsResult['tools'] }
  }
  const listAllTools: FixedClient['listAllTools'] = async (requestOptions) => {
    const tools: ListToolsResult['tools'] = []
    let cursor: string | undefined
    do {
      const page = await listTools(cursor === undefined ? undefined : { cursor }, requestOptions)
      tools.push(...page.tools)
      cursor = page.nextCursor
    } while (cursor !== undefined)
    return tools
  }
  const toolset: FixedClient['toolset'] = async (requestOptions) => {
    if (stale || pages.toolset() === undefined) await listAllTools(requestOptions)
    return pages.toolset()!
  }
  return {
    client,
    provider,
    listTools,
    listAllTools,
    toolset,
    async callTool(params, resultSchema, requestOptions) {
      await toolset(requestOptions)
      const restored = pages.restore(params.name, params.arguments)
      const call =
        restored === undefined
          ? params
          : { ...params, name: restored.name, arguments: restored.arguments as Record<string, unknown> }
      return client.callTool(call, resultSchema, requestOptions)
    },
  }
}
