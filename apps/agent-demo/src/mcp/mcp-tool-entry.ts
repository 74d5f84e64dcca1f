import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { JsonObject, JsonValue, ToolEntry, ToolResult } from '../tools/types.js'
import { mcpConcurrencyPolicy } from './mcp-concurrency-policy.js'
import { mcpToolName } from './mcp-tool-name.js'

/**
 * Turn one tool advertised by `listTools` into a registry entry.
 *
 * The advertised `inputSchema` is kept exactly as received (`$ref`s into
 * `definitions`, `first name`, nullable unions): it is the original schema the
 * loop sanitizes for the model and validates against. The handler makes
 * exactly one `callTool` per dispatch and passes the turn's abort signal on.
 */
export function mcpToolEntry(client: Client, server: string, tool: Tool, serverParallelSafe: boolean): ToolEntry {
  return {
    name: mcpToolName(server, tool.name),
    description: tool.description ?? tool.title ?? tool.name,
    inputSchema: tool.inputSchema as JsonObject,
    concurrency: mcpConcurrencyPolicy(tool, serverParallelSafe),
    toolset: server,
    async handler(args, context) {
      let result: CallToolResult
      try {
        result = (await client.callTool({ name: tool.name, arguments: args }, undefined, {
          signal: context.signal,
        })) as CallToolResult
      } catch (error) {
        // A stopped turn must reject so the loop records "cancelled"; any
        // other failure (server died, protocol error) is a result the model
        // can read.
        if (context.signal.aborted) throw error
        return {
          content: `${server} server error: ${error instanceof Error ? error.message : String(error)}`,
          isError: true,
        }
      }
      return toToolResult(result)
    },
  }
}

function toToolResult(result: CallToolResult): ToolResult {
  const content = result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n')
  const data = result.structuredContent ?? parseJson(content)
  const base: ToolResult = result.isError === true ? { content, isError: true } : { content }
  return data === undefined ? base : { ...base, data: data as JsonValue }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
