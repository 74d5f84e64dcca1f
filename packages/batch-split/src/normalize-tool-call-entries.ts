import { isRecord, own, parseJson } from './internal/json.js'
import { BRIDGE_TOOL_NAMES } from './internal/names.js'
import type { NormalizedEntries, ToolCallEntry } from './types.js'

const isBlank = (value: unknown): boolean => typeof value === 'string' && value.trim() === ''

/**
 * Reads the arguments of a `tool_call` into its list of entries, accepting
 * the envelope shapes models really send.
 *
 * Accepted: `{"calls": [...]}`; `calls` as a JSON string of that array (or of
 * one entry); `calls` as one entry object; the legacy single shape
 * `{"name", "arguments"}` (a batch of one). `args` itself may be the parsed
 * object or its JSON text. Each entry's `name` is trimmed; its `arguments`
 * may be an object, a JSON string of one, or missing / `null` / blank (all
 * read as `{}`, which is how some OpenAI-compatible gateways spell "no
 * arguments"). Entries keep only `name` and `arguments`; argument objects are
 * shared with the input, never copied or changed.
 *
 * Never throws. The first problem found is returned as `{ error }`, a
 * sentence for the model that says what is wrong and where; arguments whose
 * reading throws (a getter, a revoked Proxy) give
 * `{ error: 'tool_call arguments could not be read' }`.
 *
 * @example
 * ```ts
 * normalizeToolCallEntries({ calls: [{ name: ' a ', arguments: '{"x":1}' }] })
 * // => { entries: [{ name: 'a', arguments: { x: 1 } }] }
 * normalizeToolCallEntries({ calls: [{ name: 'a' }, { arguments: {} }] })
 * // => { error: "tool_call calls[1] requires a 'name'" }
 * ```
 */
export function normalizeToolCallEntries(args: unknown): NormalizedEntries {
  try {
    return readEntries(args)
  } catch {
    // A throwing getter or a revoked Proxy: the arguments exist but cannot be read.
    return { error: UNREADABLE }
  }
}

const UNREADABLE = 'tool_call arguments could not be read'

function readEntries(args: unknown): NormalizedEntries {
  let envelope = args
  if (typeof envelope === 'string') {
    const parsed = parseJson(envelope)
    if ('error' in parsed) return { error: `tool_call arguments are not valid JSON: ${parsed.error}` }
    envelope = parsed.value
  }
  if (!isRecord(envelope)) return { error: "tool_call arguments must be an object with 'calls'" }

  let rawCalls = own(envelope, 'calls')
  if (rawCalls === undefined || rawCalls === null) {
    const name = own(envelope, 'name')
    if (typeof name !== 'string' || name.trim() === '') {
      return { error: "tool_call requires 'calls' (an array of {name, arguments})" }
    }
    rawCalls = [{ name, arguments: own(envelope, 'arguments') }]
  }
  if (typeof rawCalls === 'string') {
    const parsed = parseJson(rawCalls)
    if ('error' in parsed) return { error: `tool_call 'calls' is not valid JSON: ${parsed.error}` }
    rawCalls = parsed.value
  }
  if (isRecord(rawCalls)) rawCalls = [rawCalls]
  if (!Array.isArray(rawCalls) || rawCalls.length === 0) {
    return { error: "tool_call 'calls' must be a non-empty array of {name, arguments}" }
  }

  const entries: ToolCallEntry[] = []
  for (let position = 0; position < rawCalls.length; position++) {
    const raw: unknown = rawCalls[position]
    if (!isRecord(raw)) return { error: `tool_call calls[${position}] must be an object with 'name' and 'arguments'` }
    const rawName = own(raw, 'name')
    const name = typeof rawName === 'string' ? rawName.trim() : ''
    if (name === '') return { error: `tool_call calls[${position}] requires a 'name'` }
    if (BRIDGE_TOOL_NAMES.has(name)) return { error: `tool_call cannot invoke '${name}' (it is itself a bridge tool)` }
    let entryArgs = own(raw, 'arguments')
    if (entryArgs === undefined || entryArgs === null || isBlank(entryArgs)) {
      entryArgs = {}
    } else if (typeof entryArgs === 'string') {
      const parsed = parseJson(entryArgs)
      if ('error' in parsed)
        return { error: `tool_call calls[${position}].arguments is not valid JSON: ${parsed.error}` }
      entryArgs = parsed.value
    }
    if (!isRecord(entryArgs)) return { error: `tool_call calls[${position}].arguments must be an object` }
    entries.push({ name, arguments: entryArgs })
  }
  return { entries }
}
