import {
  MAX_CALLS_PER_DISPATCH,
  TOOL_CALL_NAME,
  deterministicCallId,
  expandLocalToolBatches,
  expandParallelToolUse,
  isValidCallId,
  normalizeToolCallEntries,
} from '@x/batch-split'
import type { CallIdRegistry, ToolCall } from '@x/batch-split'
import type { ProviderName } from '@x/provider-schema'
import { stringifyJson } from './json.js'
import type { ToolCallContent } from './types.js'

// The names OpenAI's hidden parallel wrapper takes (Chat Completions, Responses).
const PARALLEL_WRAPPER_NAMES: ReadonlySet<string> = new Set(['multi_tool_use.parallel', 'parallel'])

/** One call a split produces, before its id is made unique in the answer. */
interface Piece {
  readonly id: string
  readonly name: string
  readonly input: string
}

/** What the split needs to know about the request. */
export interface SplitContext {
  /** Provider-side names of the function tools offered in this request. */
  readonly declared: ReadonlySet<string>
  /** The provider the tools were prepared for, whose id rule every id follows. */
  readonly provider: ProviderName
}

const asToolCall = (piece: Piece): ToolCall => ({
  id: piece.id,
  type: 'function',
  function: { name: piece.name, arguments: piece.input },
})

function fromToolCalls(calls: ReadonlyArray<unknown>): Piece[] {
  return (calls as ToolCall[]).map((call) => ({
    id: call.id,
    name: call.function.name,
    input: call.function.arguments,
  }))
}

function unwrapParallel(piece: Piece, context: SplitContext): Piece[] {
  // A tool the user declared under one of these names is a real tool.
  if (!PARALLEL_WRAPPER_NAMES.has(piece.name) || context.declared.has(piece.name)) return [piece]
  const original = [asToolCall(piece)]
  const { toolCalls } = expandParallelToolUse(original, { provider: context.provider })
  return toolCalls === original ? [piece] : fromToolCalls(toolCalls)
}

/**
 * With no `tool_call` tool in the request, the batch names real tools: each
 * entry becomes a call of its own tool. Ids follow @x/batch-split's scheme
 * with the entry's own name in the hash, as for `multi_tool_use.parallel`.
 */
function splitDirect(piece: Piece, context: SplitContext): Piece[] {
  const options = { provider: context.provider }
  const { entries } = normalizeToolCallEntries(piece.input)
  // More than the dispatch limit stays whole: the SDK answers the model that
  // `tool_call` is not one of its tools, which it already handles.
  if (entries === undefined || entries.length > MAX_CALLS_PER_DISPATCH) return [piece]
  const pieces: Piece[] = []
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]!
    const input = stringifyJson(entry.arguments)
    if (input === undefined) return [piece]
    const id =
      index === 0 && isValidCallId(piece.id, options)
        ? piece.id
        : deterministicCallId(entry.name, piece.id + input, index, options)
    pieces.push({ id, name: entry.name, input })
  }
  return pieces
}

/** With a `tool_call` tool in the request, the batch is split into one `tool_call` per entry. */
function splitBridge(piece: Piece, context: SplitContext): Piece[] {
  const original = [asToolCall(piece)]
  const { toolCalls } = expandLocalToolBatches(original, { provider: context.provider })
  return toolCalls === original ? [piece] : fromToolCalls(toolCalls)
}

function splitBatch(piece: Piece, context: SplitContext): Piece[] {
  if (piece.name !== TOOL_CALL_NAME) return [piece]
  return context.declared.has(TOOL_CALL_NAME) ? splitBridge(piece, context) : splitDirect(piece, context)
}

/**
 * The calls one model tool call stands for: OpenAI's parallel wrapper
 * unwrapped, then a batched `tool_call` split, each into one call per entry;
 * `undefined` when the call is neither.
 *
 * The first call keeps every field of the original (its provider metadata
 * included); the others carry only the call itself, so a provider signature
 * is never copied onto a call it did not sign. Ids are claimed in `ids`, so
 * they stay unique over the whole answer.
 */
export function splitToolCall(
  call: ToolCallContent,
  context: SplitContext,
  ids: CallIdRegistry,
): ToolCallContent[] | undefined {
  const parent: Piece = { id: call.toolCallId, name: call.toolName, input: call.input }
  const pieces = unwrapParallel(parent, context).flatMap((piece) => splitBatch(piece, context))
  if (pieces.length === 1 && pieces[0] === parent) return undefined
  return pieces.map((piece, index) => {
    const toolCallId = ids.claim(piece.id)
    return index === 0
      ? { ...call, toolCallId, toolName: piece.name, input: piece.input }
      : { type: 'tool-call', toolCallId, toolName: piece.name, input: piece.input }
  })
}
