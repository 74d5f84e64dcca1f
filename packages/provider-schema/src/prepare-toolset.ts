import { profileFromOptions } from './internal/options.js'
import { isRecord } from './internal/own.js'
import { assignToolNames } from './internal/tool-names.js'
import { prepareToolSchema } from './prepare-tool-schema.js'
import type { PreparedTool, PreparedToolset, PrepareToolSchemaOptions, RestoredCall, ToolDefinition } from './types.js'

function describe(value: unknown): string {
  if (value === null) return 'null'
  return Array.isArray(value) ? 'an array' : typeof value
}

const MAX_LISTED = 20

/**
 * Prepares a list of tools (MCP's `tools/list` shape) for one provider:
 * each schema as {@link prepareToolSchema} prepares it, and each name made
 * valid and unique for the provider.
 *
 * A name the provider accepts is kept (its first occurrence). Any other name
 * becomes its sanitized spelling plus `_` and a six-character tag computed
 * from the original name alone (`get weather` becomes `get_weather_` and
 * the tag): deterministic, and stable when tools are added or removed.
 *
 * `restoreCall` takes a call as the provider returns it to the original
 * tool name and the restored arguments, or an `unknown-tool` result (never a
 * throw); `toModelCall` goes the other way for earlier turns.
 *
 * @param tools - The tools; each entry is kept untouched as `original`.
 * @param options - `provider`: one of `PROVIDER_NAMES`.
 * @throws {TypeError} When `tools` is not an array or `options` names no known provider.
 *
 * @example
 * ```ts
 * const toolset = prepareToolset([{ name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }], { provider: 'anthropic' })
 * toolset.restoreCall({ name: 'search', arguments: '{"q":"x"}' }) // => { ok: true, name: 'search', arguments: { q: 'x' }, tool: ... }
 * ```
 */
export function prepareToolset(tools: readonly ToolDefinition[], options: PrepareToolSchemaOptions): PreparedToolset {
  const profile = profileFromOptions(options, 'prepareToolset')
  if (!Array.isArray(tools))
    throw new TypeError(`prepareToolset: expected tools to be an array, received ${describe(tools)}`)
  const entries = tools.map((entry: unknown) => (isRecord(entry) ? entry : {}))
  const originalNames = entries.map((entry) => (typeof entry.name === 'string' ? entry.name : ''))
  const names = assignToolNames(originalNames, profile.toolName)
  const prepared: PreparedTool[] = entries.map((entry, index) => {
    const schema = prepareToolSchema(entry.inputSchema, { provider: profile.provider })
    const tool: PreparedTool = {
      name: names[index]!,
      originalName: originalNames[index]!,
      ...(typeof entry.description === 'string' ? { description: entry.description } : {}),
      inputSchema: schema.schema,
      prepared: schema,
      original: tools[index]!,
    }
    return Object.freeze(tool)
  })
  const byProviderName = new Map<string, PreparedTool>()
  const byOriginalName = new Map<string, PreparedTool>()
  for (const tool of prepared) {
    byProviderName.set(tool.name, tool)
    if (!byOriginalName.has(tool.originalName)) byOriginalName.set(tool.originalName, tool)
  }
  const known =
    prepared
      .slice(0, MAX_LISTED)
      .map((tool) => JSON.stringify(tool.name))
      .join(', ') + (prepared.length > MAX_LISTED ? ', ...' : '')

  function restoreCall(call: { readonly name: string; readonly arguments: unknown }): RestoredCall {
    const name: unknown = isRecord(call) ? call.name : undefined
    const args: unknown = isRecord(call) ? call.arguments : undefined
    const tool = typeof name === 'string' ? byProviderName.get(name) : undefined
    if (tool === undefined) {
      // The name came from the model: the message says what kind of fault it
      // is, never the text (it could carry anything, a secret included, at any
      // length); the name itself stays in `name` for the caller to use.
      const shown = typeof name === 'string' ? `(a name of ${name.length} characters)` : `(${describe(name)})`
      return Object.freeze({
        ok: false,
        reason: 'unknown-tool' as const,
        name: typeof name === 'string' ? name : String(name),
        arguments: args,
        message: `unknown tool ${shown}: expected one of the ${prepared.length} tool names sent to the provider${prepared.length > 0 ? ` (${known})` : ''}`,
      })
    }
    return Object.freeze({ ok: true, name: tool.originalName, arguments: tool.prepared.restoreArgs(args), tool })
  }

  function providerName(originalName: string): string | undefined {
    return byOriginalName.get(originalName)?.name
  }

  function toModelCall(call: {
    readonly name: string
    readonly arguments: unknown
  }): { readonly name: string; readonly arguments: unknown } | undefined {
    if (!isRecord(call) || typeof call.name !== 'string') return undefined
    const tool = byOriginalName.get(call.name)
    if (tool === undefined) return undefined
    return Object.freeze({ name: tool.name, arguments: tool.prepared.toModelArgs(call.arguments) })
  }

  return Object.freeze({
    provider: profile.provider,
    tools: Object.freeze(prepared),
    restoreCall,
    providerName,
    toModelCall,
  })
}
