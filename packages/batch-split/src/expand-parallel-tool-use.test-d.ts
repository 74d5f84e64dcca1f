// Type tests, run by vitest's typecheck in `pnpm test`.
import { describe, expectTypeOf, it } from 'vitest'
import { expandParallelToolUse } from './expand-parallel-tool-use.js'
import type { ResponsesFunctionCallItem, ResponsesItem, ToolCall } from './types.js'

interface SdkCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}
interface SdkReasoningItem {
  type: 'reasoning'
  id: string
  summary: string[]
}

declare const calls: readonly SdkCall[]
declare const items: readonly SdkReasoningItem[]

describe('expandParallelToolUse types', () => {
  it('rejects a list that is not tool calls', () => {
    // @ts-expect-error numbers are not tool calls
    expandParallelToolUse([1, 2, 3])
    // @ts-expect-error null is not a tool call
    expandParallelToolUse([null])
  })

  it("keeps the caller's call and item types, plus what an unwrap creates", () => {
    const result = expandParallelToolUse(calls, { responsesItems: items, provider: 'openai' })
    expectTypeOf(result.toolCalls).toEqualTypeOf<ReadonlyArray<SdkCall | ToolCall>>()
    expectTypeOf(result.responsesItems).toEqualTypeOf<
      ReadonlyArray<SdkReasoningItem | ResponsesFunctionCallItem> | undefined
    >()
  })

  it('reads the default element types without options', () => {
    expectTypeOf(expandParallelToolUse(calls).responsesItems).toEqualTypeOf<
      ReadonlyArray<ResponsesItem | ResponsesFunctionCallItem> | undefined
    >()
  })
})
