// Type-level checks, run by `tsc` (pnpm typecheck): the caller's own element
// types flow through the generic signatures.
import { expectTypeOf } from 'vitest'
import { expandLocalToolBatches } from './expand-local-tool-batches.js'
import { expandParallelToolUse } from './expand-parallel-tool-use.js'
import { normalizeToolCallEntries } from './normalize-tool-call-entries.js'
import type { AnthropicToolUseBlock, ToolCall, ToolCallEntry } from './types.js'

interface SdkCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
  index: number
}
interface SdkTextBlock {
  type: 'text'
  text: string
  citations: null
}

declare const calls: readonly SdkCall[]
declare const blocks: readonly SdkTextBlock[]

const result = expandLocalToolBatches(calls, { anthropicBlocks: blocks })
expectTypeOf(result.toolCalls).toEqualTypeOf<ReadonlyArray<SdkCall | ToolCall>>()
expectTypeOf(result.anthropicBlocks).toEqualTypeOf<ReadonlyArray<SdkTextBlock | AnthropicToolUseBlock> | undefined>()
expectTypeOf(expandParallelToolUse(calls).toolCalls).toEqualTypeOf<ReadonlyArray<SdkCall | ToolCall>>()

const normalized = normalizeToolCallEntries({})
if (normalized.error === undefined) expectTypeOf(normalized.entries).toEqualTypeOf<ToolCallEntry[]>()
else expectTypeOf(normalized.error).toEqualTypeOf<string>()
