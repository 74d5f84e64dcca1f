import { isConnectorName, localBatchError, normalizeToolCallEntries, TOOL_CALL_NAME } from '@x/batch-split'
import type { PreparedToolset } from '@x/provider-schema'
import type { ResultStatus, ToolCall } from '../model/types.js'
import type { JsonValue, ToolEntry } from '../tools/types.js'

/** A call turned into one entry on the ordinary tool path, or a result right away. */
export type ResolvedCall =
  | {
      readonly kind: 'entry'
      readonly tool: ToolEntry
      readonly argsSent: JsonValue
      /** The arguments `restoreCall` gave back for the tool (coerced, names restored). */
      readonly restoredArgs: JsonValue
    }
  | {
      readonly kind: 'result'
      readonly status: ResultStatus
      readonly content: string
      readonly tool?: string
      readonly argsSent?: JsonValue
    }

/** Where tools are looked up: the session's registry plus `tool_search`, and its scope. */
export interface ToolLookup {
  get(name: string): ToolEntry | undefined
  inScope(tool: ToolEntry): boolean
  /** The session toolset's `restoreCall`: a name and arguments the model was shown back to the tool's. */
  readonly restoreCall: PreparedToolset['restoreCall']
}

/** The exact message of the original agent for a tool the session does not have. */
export function outOfScopeMessage(name: string): string {
  return `'${name}' is not available in this session. Use tool_search to find tools you can call.`
}

function parseArguments(text: unknown): { value: JsonValue } | { error: string } {
  if (typeof text !== 'string') return { value: (text ?? {}) as JsonValue }
  if (text.trim() === '') return { value: {} }
  try {
    return { value: JSON.parse(text) as JsonValue }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * Reads one (already split) call: a `tool_call` bridge call yields its single
 * entry, anything else is an entry for the tool it names. Then the scope
 * check: unknown tools and tools of disabled toolsets get the original
 * agent's message and never reach hooks.
 *
 * A `tool_call` still holding several entries here is a batch the split left
 * alone (more than `MAX_CALLS_PER_DISPATCH`, or a caller that bypassed it): it
 * gets `localBatchError`'s message, as the dispatcher always did.
 */
export function resolveCall(call: ToolCall, lookup: ToolLookup): ResolvedCall {
  const parsed = parseArguments(call.function.arguments)
  let name = call.function.name
  let argsSent: JsonValue
  if (name === TOOL_CALL_NAME) {
    if ('error' in parsed)
      return { kind: 'result', status: 'malformed', content: `tool_call arguments are not valid JSON: ${parsed.error}` }
    const normalized = normalizeToolCallEntries(parsed.value)
    if ('error' in normalized)
      return { kind: 'result', status: 'malformed', content: String(normalized.error), argsSent: parsed.value }
    const entries = normalized.entries
    if (entries.length > 1) {
      if (entries.every((entry) => isConnectorName(entry.name))) {
        return {
          kind: 'result',
          status: 'out_of_scope',
          content: 'Connector tools are not available in this session.',
          argsSent: parsed.value,
        }
      }
      return { kind: 'result', status: 'batch_rejected', content: localBatchError(entries), argsSent: parsed.value }
    }
    const entry = entries[0]
    if (entry === undefined)
      return { kind: 'result', status: 'malformed', content: 'tool_call requires at least one entry in "calls"' }
    name = entry.name
    const entryArgs = parseArguments(entry.arguments)
    if ('error' in entryArgs) {
      return {
        kind: 'result',
        status: 'malformed',
        content: `arguments of '${name}' are not valid JSON: ${entryArgs.error}`,
        tool: name,
      }
    }
    argsSent = entryArgs.value
  } else {
    if ('error' in parsed) {
      return {
        kind: 'result',
        status: 'malformed',
        content: `arguments of '${name}' are not valid JSON: ${parsed.error}`,
        tool: name,
      }
    }
    argsSent = parsed.value
  }
  // The model saw the prepared names and schemas: its call goes back to the
  // tool's own name and arguments in one step. A name it was never shown is
  // out of scope, like any unknown tool.
  const restored = lookup.restoreCall({ name, arguments: argsSent })
  const tool = restored.ok ? lookup.get(restored.name) : undefined
  if (!restored.ok || tool === undefined || !lookup.inScope(tool)) {
    return { kind: 'result', status: 'out_of_scope', content: outOfScopeMessage(name), tool: name, argsSent }
  }
  return { kind: 'entry', tool, argsSent, restoredArgs: restored.arguments as JsonValue }
}
