import { createCallIdRegistry } from '@x/batch-split'
import type { ProviderName } from '@x/provider-schema'
import { splitToolCall } from './split-tool-call.js'
import type { ToolCallContent } from './types.js'

/**
 * Everything the answer of one request is fixed with, built in
 * `transformParams` from that request's tools and kept with it (never in
 * the middleware): concurrent calls through one model never share a map.
 */
export interface RequestFixes {
  /** Provider-side names of the function tools this request offered. */
  readonly declared: ReadonlySet<string>
  /** The provider the tools were prepared for: split calls get ids it accepts. */
  readonly provider: ProviderName
  /** Whether batched calls are split. */
  readonly splitBatches: boolean
  /** One provider-side call -> the call the tool expects; the same object when nothing changes. */
  readonly restore: (call: ToolCallContent) => ToolCallContent
}

/** Fixes the tool calls of one model answer, in order. */
export type AnswerFixer = (call: ToolCallContent) => ToolCallContent[] | undefined

/**
 * A fixer for one answer (one generate result, one stream): it keeps the
 * answer's ids unique and returns, for each client-side tool call, the calls
 * it stands for (split, then restored), or `undefined` when the call stays
 * exactly as the model sent it. Provider-executed calls are the provider's
 * own tools and are never touched.
 */
export function createAnswerFixer(fixes: RequestFixes): AnswerFixer {
  const ids = createCallIdRegistry({ provider: fixes.provider })
  return (call) => {
    if (call.providerExecuted === true) {
      ids.note(call.toolCallId)
      return undefined
    }
    const pieces = fixes.splitBatches ? splitToolCall(call, fixes, ids) : undefined
    if (pieces === undefined) ids.note(call.toolCallId)
    let changed = pieces !== undefined
    const restored = (pieces ?? [call]).map((piece) => {
      const fixed = fixes.restore(piece)
      if (fixed !== piece) changed = true
      return fixed
    })
    return changed ? restored : undefined
  }
}
