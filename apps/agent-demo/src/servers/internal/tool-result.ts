import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

/** A successful tool result: the value as JSON text (what a model reads). */
export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] }
}

/** A failed tool result the model can read and act on, never a thrown error. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true }
}
