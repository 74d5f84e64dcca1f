import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { ConcurrencyPolicy } from '../tools/types.js'
import { CONCURRENCY_CAPABILITY } from '../shared/concurrency-capability.js'

/**
 * Whether a connected server declared its read tools parallel-safe, read from
 * its `experimental` capabilities (MCP has no standard field for it). Anything
 * but an explicit `parallelSafe: true` means no: running a server's tools side
 * by side is only safe when the server says so.
 */
export function serverIsParallelSafe(
  capabilities: { experimental?: Record<string, unknown> | undefined } | undefined,
): boolean {
  const declared = capabilities?.experimental?.[CONCURRENCY_CAPABILITY]
  return (
    typeof declared === 'object' && declared !== null && (declared as { parallelSafe?: unknown }).parallelSafe === true
  )
}

/**
 * The scheduling policy of one MCP tool: a read (the tool's `readOnlyHint`)
 * of a parallel-safe server runs concurrently with its neighbours; a write,
 * or any tool of a server that did not declare itself parallel-safe, runs
 * alone.
 */
export function mcpConcurrencyPolicy(tool: Pick<Tool, 'annotations'>, serverParallelSafe: boolean): ConcurrencyPolicy {
  const kind = tool.annotations?.readOnlyHint === true ? 'read' : 'write'
  return { parallelSafe: serverParallelSafe && kind === 'read', kind }
}
