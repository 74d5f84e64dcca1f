import type { CallOptions, FunctionTool } from '../internal/types.js'

/**
 * What a model was shown: its function tools by their original description
 * (tests tag every tool and property with a unique description, so a mock
 * model can answer with the names and keys it was given, as a real one
 * would, whatever renaming the provider profile chose).
 */
export interface ShownTool {
  readonly name: string
  /** property description -> the key the model was shown */
  readonly keys: Readonly<Record<string, string>>
  readonly schema: Record<string, unknown>
}

export function shownTools(params: CallOptions): Record<string, ShownTool> {
  const shown: Record<string, ShownTool> = {}
  for (const tool of params.tools ?? []) {
    if (tool.type !== 'function') continue
    const schema = (tool as FunctionTool).inputSchema as Record<string, unknown>
    const properties = (schema['properties'] ?? {}) as Record<string, { description?: string }>
    const keys: Record<string, string> = {}
    for (const [key, property] of Object.entries(properties))
      if (property.description !== undefined) keys[property.description] = key
    shown[tool.description ?? tool.name] = { name: tool.name, keys, schema }
  }
  return shown
}

/** Arguments written with the keys the model was shown: `{ [description]: value }` -> `{ [shown key]: value }`. */
export function shownArgs(tool: ShownTool, byDescription: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const [description, value] of Object.entries(byDescription)) {
    const key = tool.keys[description]
    if (key === undefined)
      throw new Error(`the model was not shown a property described ${JSON.stringify(description)}`)
    args[key] = value
  }
  return args
}
