import type { Child } from './internal/child.js'
import { expandCalls, passThrough } from './internal/expand-calls.js'
import { idFormatOf } from './internal/id-formats.js'
import { isRecord, own, parseJson, stringifyJson } from './internal/json.js'
import type { ExpandOptions, ExpandResult, ProviderListElements, ToolCall, ToolCallLike } from './types.js'

// The name OpenAI's hidden wrapper takes in Chat Completions, and in Responses.
const WRAPPER_NAMES: ReadonlySet<unknown> = new Set(['multi_tool_use.parallel', 'parallel'])
const NAMESPACE = 'functions.'

function readObject(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return {}
  if (typeof value === 'string') {
    const parsed = parseJson(value)
    return 'value' in parsed && isRecord(parsed.value) ? parsed.value : undefined
  }
  return isRecord(value) ? value : undefined
}

function planParallel(fn: Record<string, unknown>): Child[] | undefined {
  if (!WRAPPER_NAMES.has(own(fn, 'name'))) return undefined
  const args = readObject(own(fn, 'arguments'))
  const uses = args === undefined ? undefined : own(args, 'tool_uses')
  if (!Array.isArray(uses) || uses.length === 0) return undefined
  const children: Child[] = []
  for (const use of uses as unknown[]) {
    if (!isRecord(use)) return undefined
    const recipient = own(use, 'recipient_name')
    if (typeof recipient !== 'string') return undefined
    const trimmed = recipient.trim()
    const name = trimmed.startsWith(NAMESPACE) ? trimmed.slice(NAMESPACE.length) : trimmed
    const input = readObject(own(use, 'parameters'))
    const text = input === undefined ? undefined : stringifyJson(input)
    if (name === '' || input === undefined || text === undefined) return undefined
    children.push({ name, arguments: text, input })
  }
  return children
}

/**
 * Unwraps OpenAI's hidden parallel wrapper into the calls it stands for.
 *
 * Models trained on OpenAI's tool runtime sometimes call a tool that was
 * never declared: `multi_tool_use.parallel` (Chat Completions) or `parallel`
 * (Responses), with arguments
 * `{"tool_uses":[{"recipient_name":"functions.x","parameters":{...}}]}`.
 * Each use becomes one call named `x` (the `functions.` namespace removed)
 * whose arguments are its `parameters` as compact JSON; a wrapper of one use
 * is unwrapped too. A wrapper with a malformed use (no recipient, parameters
 * that are not an object) is left whole. Wrappers are not unwrapped
 * recursively.
 *
 * Ids follow the same rules as {@link expandLocalToolBatches}, with the
 * child's own tool name in the hash: the first child keeps the parent's id
 * (if the provider accepts it), child `i >= 1` gets `deterministicCallId(name,
 * parentId + childArguments, i, { provider })`, then ids are made unique over
 * the list. Provider lists in `options` (usually `responsesItems`) are
 * rewritten in step.
 *
 * Never throws on data (a throwing getter or a revoked Proxy anywhere in the
 * input gives `{ toolCalls }` and the readable lists back as given) and never
 * mutates its inputs; a call that changes nothing returns the very same
 * arrays.
 *
 * @example
 * ```ts
 * const { toolCalls } = expandParallelToolUse([{
 *   id: 'call_1', type: 'function',
 *   function: {
 *     name: 'multi_tool_use.parallel',
 *     arguments: '{"tool_uses":[{"recipient_name":"functions.a","parameters":{"x":1}},{"recipient_name":"functions.b","parameters":{}}]}',
 *   },
 * }])
 * toolCalls.map((call) => call.function.name) // => ['a', 'b']
 * ```
 */
export function expandParallelToolUse<
  Call extends ToolCallLike = ToolCall,
  Options extends ExpandOptions<ProviderListElements> = ExpandOptions,
>(toolCalls: readonly Call[], options?: Options): ExpandResult<Call, Options> {
  const format = idFormatOf(options, 'expandParallelToolUse')
  try {
    if (format !== undefined)
      return expandCalls(toolCalls, options, planParallel, format) as ExpandResult<Call, Options>
  } catch {
    // A throwing getter or a revoked Proxy somewhere in the input: the
    // data's doing, answered like any other input we cannot split.
  }
  return passThrough(toolCalls, options) as ExpandResult<Call, Options>
}
