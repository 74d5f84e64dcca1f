import { MAX_CALLS_PER_DISPATCH, TOOL_CALL_NAME } from './constants.js'
import { isConnectorName } from './is-connector-name.js'
import type { Child } from './internal/child.js'
import { expandCalls, passThrough } from './internal/expand-calls.js'
import { idFormatOf } from './internal/id-formats.js'
import { isRecord, own, stringifyJson } from './internal/json.js'
import { normalizeToolCallEntries } from './normalize-tool-call-entries.js'
import type { ExpandOptions, ExpandResult, ProviderListElements, ToolCall, ToolCallLike } from './types.js'

function planLocalBatch(fn: Record<string, unknown>): Child[] | undefined {
  if (own(fn, 'name') !== TOOL_CALL_NAME) return undefined
  const args = own(fn, 'arguments')
  if (typeof args !== 'string' && !isRecord(args)) return undefined
  const { entries } = normalizeToolCallEntries(args)
  // Malformed, single, oversized and connector-only batches stay whole: the
  // dispatcher's own error (or the gateway's one dispatch) is the right answer.
  if (entries === undefined || entries.length < 2 || entries.length > MAX_CALLS_PER_DISPATCH) return undefined
  if (entries.every((entry) => isConnectorName(entry.name))) return undefined
  const children: Child[] = []
  for (const entry of entries) {
    const input = { calls: [entry] }
    const text = stringifyJson(input)
    if (text === undefined) return undefined
    children.push({ name: TOOL_CALL_NAME, arguments: text, input })
  }
  return children
}

/**
 * Splits every batched `tool_call` of a new assistant turn into one
 * `tool_call` per entry, before the turn is persisted, so each entry takes
 * the ordinary path on its own (scope check, validation, hooks, approval,
 * its tool's concurrency policy, its own paired result).
 *
 * A `tool_call` is split when its arguments (a JSON string, or an object)
 * hold 2..{@link MAX_CALLS_PER_DISPATCH} well-formed entries that are not all
 * connector names (`connectors__...`); a mixed local + connector batch is
 * split. Each child's arguments are the compact JSON `{"calls":[entry]}`.
 * Every other call, and every batch that is single, oversized, malformed or
 * connector-only, comes back as the very same object.
 *
 * Ids: the first child keeps the parent's id and every other field of the
 * parent; child `i >= 1` gets `deterministicCallId("tool_call", parentId +
 * childArguments, i, { provider })`. A parent id the provider would reject
 * (by default: characters outside `[A-Za-z0-9_-]`, over 40 characters,
 * empty, missing) is not kept: the first child gets the derived id for index
 * 0. Then ids are made unique over the whole list in order (`x`, `x_d2`,
 * `x_d3`, ..., or a new derived id where a suffix would not be valid).
 * `options.provider` picks the id rules (`generic`, valid for OpenAI,
 * Anthropic, Bedrock and Gemini, by default; `mistral` for Mistral's nine
 * alphanumerics); an unknown provider throws a `TypeError`.
 *
 * The provider lists given in `options` (one table: `anthropicBlocks`,
 * `bedrockBlocks`, `responsesItems`, `geminiParts`) are rewritten in step: the block of a
 * split call is replaced, in its position, by one block per child (id = the
 * child's id, input = the child's parsed arguments); every other block
 * (signed or redacted thinking, text, reasoning items) is the very same
 * object, in the same order. Responses children after the first carry no
 * item id; Gemini children after the first carry no `thoughtSignature`.
 *
 * Never throws on data (a throwing getter or a revoked Proxy anywhere in the
 * input gives `{ toolCalls }` and the readable lists back as given) and never
 * mutates its inputs; a call that changes nothing returns the very same
 * arrays.
 *
 * @example
 * ```ts
 * const { toolCalls } = expandLocalToolBatches([{
 *   id: 'toolu_1', type: 'function',
 *   function: { name: 'tool_call', arguments: '{"calls":[{"name":"a","arguments":{}},{"name":"b","arguments":{}}]}' },
 * }])
 * toolCalls.map((call) => [call.id, call.function.arguments])
 * // => [['toolu_1', '{"calls":[{"name":"a","arguments":{}}]}'],
 * //     ['call_e38a87f8df10', '{"calls":[{"name":"b","arguments":{}}]}']]
 * ```
 */
export function expandLocalToolBatches<
  Call extends ToolCallLike = ToolCall,
  Options extends ExpandOptions<ProviderListElements> = ExpandOptions,
>(toolCalls: readonly Call[], options?: Options): ExpandResult<Call, Options> {
  const format = idFormatOf(options, 'expandLocalToolBatches')
  try {
    if (format !== undefined)
      return expandCalls(toolCalls, options, planLocalBatch, format) as ExpandResult<Call, Options>
  } catch {
    // A throwing getter or a revoked Proxy somewhere in the input: the
    // data's doing, answered like any other input we cannot split.
  }
  return passThrough(toolCalls, options) as ExpandResult<Call, Options>
}
