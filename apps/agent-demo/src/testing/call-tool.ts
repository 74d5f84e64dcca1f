import type { JsonObject, ToolEntry } from '../tools/types.js'

/** Calls one tool of a connected provider's map by name, as the loop would, for tests. */
export async function callTool(tools: ReadonlyMap<string, ToolEntry>, name: string, args: JsonObject) {
  const entry = tools.get(name)
  if (entry === undefined) throw new Error(`no tool ${name}`)
  return entry.handler(args, {
    callId: 'call_test',
    sessionId: 'session_test',
    toolName: name,
    signal: new AbortController().signal,
  })
}
