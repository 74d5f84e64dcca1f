/**
 * The experimental capability key a server uses to declare that its
 * read-only tools may run concurrently (MCP has no standard field for it).
 * The client reads it from `getServerCapabilities().experimental`.
 */
export const CONCURRENCY_CAPABILITY = 'x-agent-demo/concurrency'

/** Capabilities of a server whose read-only tools are safe to run side by side. */
export function parallelSafeCapabilities(parallelSafe: boolean): {
  experimental: Record<string, { parallelSafe: boolean }>
} {
  return { experimental: { [CONCURRENCY_CAPABILITY]: { parallelSafe } } }
}
