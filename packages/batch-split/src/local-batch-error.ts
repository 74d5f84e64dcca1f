import { isRecord, own, stringifyJson } from './internal/json.js'
import type { ToolCallEntry } from './types.js'

// Longer arguments are not echoed: the correction must stay readable, and the
// model still has its own arguments.
const ECHO_ARGUMENTS_MAX_CHARS = 1500

// Counted in code points (what Python's `len` counts), so an agent written in
// Python that applies the same limit echoes the same entries.
function codePointLength(text: string): number {
  if (text.length <= ECHO_ARGUMENTS_MAX_CHARS) return text.length
  let count = 0
  for (const _ of text) count++
  return count
}

/**
 * The correction for a caller that bypasses the split: a batch naming a local
 * tool in one `tool_call` (more than {@link MAX_CALLS_PER_DISPATCH} entries,
 * or a dispatcher called directly).
 *
 * The message restates the valid shape with the caller's *own* first entry:
 * told only the rule, small models resend the identical batch; the echoed
 * payload is what gets them unstuck. Arguments longer than 1,500 characters
 * are echoed as `{...}`. With no entries at all the retry hint is left out.
 * Never throws: entries that cannot be read (a throwing getter, a revoked
 * Proxy) give the rule alone.
 *
 * @example
 * ```ts
 * localBatchError([{ name: 'mcp__f__read', arguments: { path: 'a' } }, { name: 'mcp__f__read', arguments: {} }])
 * // => 'tool_call takes exactly one entry for local tools; you sent 2. Retry with only: {"calls":[{"name":"mcp__f__read","arguments":{"path":"a"}}]} then issue the remaining 1 call(s) as separate tool_call invocations. Only connectors__ names may be batched together.'
 * ```
 */
export function localBatchError(entries: readonly ToolCallEntry[]): string {
  try {
    return correction(entries)
  } catch {
    // A throwing getter or a revoked Proxy: state the rule without the echo.
    return `tool_call takes exactly one entry for local tools.${TAIL}`
  }
}

const TAIL = ' Only connectors__ names may be batched together.'

function correction(entries: readonly ToolCallEntry[]): string {
  const count = Array.isArray(entries) ? entries.length : 0
  const head = `tool_call takes exactly one entry for local tools; you sent ${count}.`
  const first: unknown = count > 0 ? entries[0] : undefined
  if (!isRecord(first)) return head + TAIL
  const rawName = own(first, 'name')
  const name = stringifyJson(typeof rawName === 'string' ? rawName : '') ?? '""'
  let echoed = stringifyJson(own(first, 'arguments') ?? {}) ?? '{...}'
  if (codePointLength(echoed) > ECHO_ARGUMENTS_MAX_CHARS) echoed = '{...}'
  const remaining = count > 1 ? ` then issue the remaining ${count - 1} call(s) as separate tool_call invocations` : ''
  return `${head} Retry with only: {"calls":[{"name":${name},"arguments":${echoed}}]}${remaining}.${TAIL}`
}
