// Type tests, run by vitest's typecheck in `pnpm test`: what the signature
// accepts, rejects, and gives back. Each `@ts-expect-error` fails the run if
// the line it marks ever type-checks.
import { describe, expectTypeOf, it } from 'vitest'
import { expandLocalToolBatches } from './expand-local-tool-batches.js'
import type {
  AnthropicContentBlock,
  AnthropicToolUseBlock,
  BedrockToolUseBlock,
  ExpandOptions,
  GeminiFunctionCallPart,
  ResponsesFunctionCallItem,
  ToolCall,
} from './types.js'

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

describe('expandLocalToolBatches types', () => {
  it('rejects a list that is not tool calls', () => {
    // @ts-expect-error numbers are not tool calls
    expandLocalToolBatches([1, 2, 3])
    // @ts-expect-error strings are not tool calls
    expandLocalToolBatches(['tool_call'])
    // @ts-expect-error an object with none of a call's fields
    expandLocalToolBatches([{ name: 'tool_call' }])
    // @ts-expect-error a call whose function is not an object
    expandLocalToolBatches([{ id: 'a', function: 'tool_call' }])
  })

  it("keeps the caller's call type, plus the calls a split creates", () => {
    expectTypeOf(expandLocalToolBatches(calls).toolCalls).toEqualTypeOf<ReadonlyArray<SdkCall | ToolCall>>()
    expectTypeOf(expandLocalToolBatches([] as ToolCall[]).toolCalls).toEqualTypeOf<ReadonlyArray<ToolCall>>()
  })

  it("keeps each list's own element type, plus the block a split writes", () => {
    const result = expandLocalToolBatches(calls, { anthropicBlocks: blocks, geminiParts: [{ text: 'x' }] })
    expectTypeOf(result.anthropicBlocks).toEqualTypeOf<
      ReadonlyArray<SdkTextBlock | AnthropicToolUseBlock> | undefined
    >()
    expectTypeOf(result.geminiParts).toEqualTypeOf<
      ReadonlyArray<{ text: string } | GeminiFunctionCallPart> | undefined
    >()
    expectTypeOf(result.bedrockBlocks).toEqualTypeOf<ReadonlyArray<BedrockToolUseBlock> | undefined>()
    expectTypeOf(result.responsesItems).toEqualTypeOf<ReadonlyArray<ResponsesFunctionCallItem> | undefined>()
  })

  it('reads the default element types without options', () => {
    expectTypeOf(expandLocalToolBatches(calls).anthropicBlocks).toEqualTypeOf<
      ReadonlyArray<AnthropicContentBlock | AnthropicToolUseBlock> | undefined
    >()
  })

  it('accepts options that may or may not carry a list', () => {
    const maybe = Math.random() > 0.5 ? {} : { anthropicBlocks: blocks }
    expectTypeOf(expandLocalToolBatches(calls, maybe).anthropicBlocks).toEqualTypeOf<
      ReadonlyArray<SdkTextBlock | AnthropicToolUseBlock> | undefined
    >()
  })

  it('takes a known provider and nothing else', () => {
    expandLocalToolBatches(calls, { provider: 'mistral' })
    expandLocalToolBatches(calls, { provider: 'openai-strict', responsesItems: [] })
    // @ts-expect-error not a provider name
    expandLocalToolBatches(calls, { provider: 'mistal' })
    // @ts-expect-error a provider list must be an array
    expandLocalToolBatches(calls, { anthropicBlocks: { type: 'text' } })
  })

  it('accepts options typed as ExpandOptions', () => {
    const options: ExpandOptions = { anthropicBlocks: [{ type: 'text', text: 'x' }], provider: 'anthropic' }
    expectTypeOf(expandLocalToolBatches(calls, options).anthropicBlocks).toEqualTypeOf<
      ReadonlyArray<AnthropicContentBlock | AnthropicToolUseBlock> | undefined
    >()
  })
})
