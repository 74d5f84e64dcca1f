// Type tests for the exported generic types, run by vitest's typecheck in `pnpm test`.
import { describe, expectTypeOf, it } from 'vitest'
import { deterministicCallId } from './deterministic-call-id.js'
import { normalizeToolCallEntries } from './normalize-tool-call-entries.js'
import type {
  AnthropicToolUseBlock,
  CallIdProvider,
  DefaultListElements,
  ExpandOptions,
  ExpandResult,
  ProviderListName,
  ToolCall,
  ToolCallEntry,
} from './types.js'

describe('exported types', () => {
  it('names the four provider lists of the table', () => {
    expectTypeOf<ProviderListName>().toEqualTypeOf<
      'anthropicBlocks' | 'bedrockBlocks' | 'responsesItems' | 'geminiParts'
    >()
  })

  it('ExpandOptions<Elements> gives each list its element type', () => {
    type Mine = Omit<DefaultListElements, 'anthropicBlocks'> & { anthropicBlocks: { type: 'mine' } }
    expectTypeOf<NonNullable<ExpandOptions<Mine>['anthropicBlocks']>>().toEqualTypeOf<readonly { type: 'mine' }[]>()
    expectTypeOf<ExpandOptions['provider']>().toEqualTypeOf<CallIdProvider | undefined>()
  })

  it('ExpandResult<Call, Options> is the calls plus each given list', () => {
    type Result = ExpandResult<{ id: 'x' }, { anthropicBlocks: readonly number[] }>
    expectTypeOf<Result['toolCalls']>().toEqualTypeOf<ReadonlyArray<{ id: 'x' } | ToolCall>>()
    expectTypeOf<Result['anthropicBlocks']>().toEqualTypeOf<ReadonlyArray<number | AnthropicToolUseBlock> | undefined>()
  })

  it('deterministicCallId takes an optional provider', () => {
    expectTypeOf(deterministicCallId('a', 'b', 0, { provider: 'mistral' })).toEqualTypeOf<string>()
    // @ts-expect-error not a provider name
    deterministicCallId('a', 'b', 0, { provider: 'cohere' })
  })

  it('normalizeToolCallEntries narrows to entries or an error', () => {
    const normalized = normalizeToolCallEntries({})
    if (normalized.error === undefined) expectTypeOf(normalized.entries).toEqualTypeOf<ToolCallEntry[]>()
    else expectTypeOf(normalized.error).toEqualTypeOf<string>()
  })
})
