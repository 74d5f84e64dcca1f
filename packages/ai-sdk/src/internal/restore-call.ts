import type { PreparedToolset, RestoredCall } from '@x/provider-schema'
import { stringifyJson } from './json.js'
import type { ToolCallContent } from './types.js'

function parseInput(input: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(input) as unknown }
  } catch {
    return undefined
  }
}

function find(toolset: PreparedToolset, name: string, args: unknown): RestoredCall {
  const restored = toolset.restoreCall({ name, arguments: args })
  if (restored.ok) return restored
  // Models copy tool names from descriptions and batches: an original name
  // that the provider profile renamed still finds its tool.
  const shown = toolset.providerName(name)
  return shown === undefined || shown === name ? restored : toolset.restoreCall({ name: shown, arguments: args })
}

/**
 * One provider-side call -> the call the SDK's tool expects: original tool
 * name, arguments restored by the tool's prepared schema (coerced against
 * what the model saw, keys renamed back, strict-mode nulls dropped). The
 * very same call when nothing changes.
 *
 * Left for the SDK's own handling: a name no tool of the request has (kept
 * as sent: `NoSuchToolError`), input that is not JSON (kept as sent, the
 * tool named back: `InvalidToolInputError`). Both reach the model as a
 * tool error.
 */
export function restoreCall(call: ToolCallContent, toolset: PreparedToolset): ToolCallContent {
  const parsed = call.input.trim() === '' ? { value: {} } : parseInput(call.input)
  if (parsed === undefined) {
    // The tool is still named back, so the SDK's error names the tool that
    // got bad input instead of claiming the tool the model was shown does
    // not exist.
    const named = find(toolset, call.toolName, call.input)
    return named.ok && named.name !== call.toolName ? { ...call, toolName: named.name } : call
  }
  const restored = find(toolset, call.toolName, parsed.value)
  if (!restored.ok) return call
  const unchangedArgs = restored.arguments === parsed.value
  if (unchangedArgs && restored.name === call.toolName) return call
  const input = unchangedArgs ? call.input : stringifyJson(restored.arguments)
  return input === undefined ? call : { ...call, toolName: restored.name, input }
}
