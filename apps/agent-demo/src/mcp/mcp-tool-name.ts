/**
 * The registry name of an MCP tool: `mcp__<server>__<tool>`, the deferred
 * name shape the model finds through `tool_search`.
 */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`
}
