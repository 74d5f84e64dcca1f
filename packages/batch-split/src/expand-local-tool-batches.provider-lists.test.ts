import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { batch, call, childArgs, read } from './test-support/builders.js'
import { expandLocalToolBatches } from './expand-local-tool-batches.js'

const a = read('a')
const b = read('b')
const c = read('c')
const input = (one: typeof a) => ({ calls: [one] })

// A signed thinking block exactly as Anthropic returns it: any change to it
// (even key order) and the provider rejects the replayed history.
const thinking = {
  type: 'thinking',
  thinking: 'Three reads, one batch.',
  signature: 'EqQBCkYIBxgCKkB3c2lnbmF0dXJl+/==',
}
const redacted = { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' }
const text = { type: 'text', text: 'Reading the files now.' }

describe('Anthropic blocks', () => {
  const toolUse = { type: 'tool_use', id: 'toolu_01', name: 'tool_call', input: { calls: [a, b, c] } }
  const blocks = deepFreeze([thinking, redacted, text, toolUse])
  const toolCalls = deepFreeze([batch('toolu_01', [a, b, c])])

  it('replaces the tool_use block of a split call, in position, by one block per child (id = child id, input = child arguments)', () => {
    const result = expandLocalToolBatches(toolCalls, { anthropicBlocks: blocks })
    const ids = result.toolCalls.map((one) => one.id)
    expect(result.anthropicBlocks).toEqual([
      thinking,
      redacted,
      text,
      { type: 'tool_use', id: ids[0], name: 'tool_call', input: input(a) },
      { type: 'tool_use', id: ids[1], name: 'tool_call', input: input(b) },
      { type: 'tool_use', id: ids[2], name: 'tool_call', input: input(c) },
    ])
    for (const [index, one] of result.toolCalls.entries()) {
      expect(JSON.parse(one.function.arguments)).toEqual((result.anthropicBlocks![3 + index] as typeof toolUse).input)
    }
  })

  it('keeps thinking, redacted thinking and text blocks as the very same objects, same order, byte for byte', () => {
    const before = blocks.slice(0, 3).map((block) => JSON.stringify(block))
    const result = expandLocalToolBatches(toolCalls, { anthropicBlocks: blocks })
    expect(result.anthropicBlocks!.slice(0, 3)).toEqual([thinking, redacted, text])
    result.anthropicBlocks!.slice(0, 3).forEach((block, index) => {
      expect(block).toBe(blocks[index])
      expect(JSON.stringify(block)).toBe(before[index])
    })
  })

  it('keeps text after the tool_use and tool_use blocks of other calls as the same objects', () => {
    const other = { type: 'tool_use', id: 'toolu_02', name: 'mcp__x__y', input: {} }
    const list = deepFreeze([thinking, toolUse, text, other])
    const result = expandLocalToolBatches(deepFreeze([batch('toolu_01', [a, b, c]), call('toolu_02', 'mcp__x__y')]), {
      anthropicBlocks: list,
    })
    expect(result.anthropicBlocks).toHaveLength(6)
    expect(result.anthropicBlocks![0]).toBe(thinking)
    expect(result.anthropicBlocks![4]).toBe(text)
    expect(result.anthropicBlocks![5]).toBe(other)
  })

  it('puts cache_control on the first child only (Anthropic caps cache breakpoints at four)', () => {
    const cached = { ...toolUse, cache_control: { type: 'ephemeral' } }
    const result = expandLocalToolBatches(toolCalls, { anthropicBlocks: deepFreeze([cached]) })
    expect(result.anthropicBlocks!.map((block) => 'cache_control' in block)).toEqual([true, false, false])
  })

  it('pairs repeated ids in order: the n-th block with an id goes with the n-th call with it', () => {
    const first = { type: 'tool_use', id: 'dup', name: 'tool_call', input: { calls: [a, b] } }
    const second = { type: 'tool_use', id: 'dup', name: 'tool_call', input: { calls: [c, a] } }
    const result = expandLocalToolBatches(deepFreeze([batch('dup', [a, b]), batch('dup', [c, a])]), {
      anthropicBlocks: deepFreeze([first, second]),
    })
    const ids = result.toolCalls.map((one) => one.id)
    expect(ids[2]).toBe('dup_d2')
    expect(result.anthropicBlocks!.map((block) => (block as typeof first).id)).toEqual(ids)
    expect(result.anthropicBlocks!.map((block) => (block as typeof first).input)).toEqual([
      input(a),
      input(b),
      input(c),
      input(a),
    ])
  })

  it('renames the block of a call whose repeated id got a suffix', () => {
    const blocksWithDup = deepFreeze([
      { type: 'tool_use', id: 'dup', name: 'x', input: {} },
      { type: 'tool_use', id: 'dup', name: 'y', input: {} },
    ])
    const result = expandLocalToolBatches(deepFreeze([call('dup', 'x'), call('dup', 'y')]), {
      anthropicBlocks: blocksWithDup,
    })
    expect(result.anthropicBlocks![0]).toBe(blocksWithDup[0])
    expect(result.anthropicBlocks![1]).toEqual({ type: 'tool_use', id: 'dup_d2', name: 'y', input: {} })
  })

  it('gives the blocks the same replacement ids as the calls when the parent id was not provider-safe', () => {
    const odd = { type: 'tool_use', id: 'functions.read:0', name: 'tool_call', input: { calls: [a, b] } }
    const result = expandLocalToolBatches(deepFreeze([batch('functions.read:0', [a, b])]), {
      anthropicBlocks: deepFreeze([odd]),
    })
    expect(result.anthropicBlocks!.map((block) => (block as typeof odd).id)).toEqual(
      result.toolCalls.map((one) => one.id),
    )
  })

  it('leaves a block list with no tool_use of a split call as the very same array', () => {
    const list = deepFreeze([thinking, text])
    expect(expandLocalToolBatches(toolCalls, { anthropicBlocks: list }).anthropicBlocks).toBe(list)
  })
})

describe('Bedrock blocks', () => {
  const reasoning = { reasoningContent: { reasoningText: { text: 'Split it.', signature: 'c2lnbmVk' } } }
  const toolUse = { toolUse: { toolUseId: 'tooluse_Ab1', name: 'tool_call', input: { calls: [a, b] } } }

  it('replaces the toolUse block, in position, by one block per child; other blocks stay the same objects', () => {
    const blocks = deepFreeze([reasoning, { text: 'ok' }, toolUse, { text: 'after' }])
    const before = JSON.stringify([blocks[0], blocks[1], blocks[3]])
    const result = expandLocalToolBatches(deepFreeze([batch('tooluse_Ab1', [a, b])]), { bedrockBlocks: blocks })
    const ids = result.toolCalls.map((one) => one.id)
    expect(result.bedrockBlocks).toEqual([
      reasoning,
      { text: 'ok' },
      { toolUse: { toolUseId: ids[0], name: 'tool_call', input: input(a) } },
      { toolUse: { toolUseId: ids[1], name: 'tool_call', input: input(b) } },
      { text: 'after' },
    ])
    expect(result.bedrockBlocks![0]).toBe(blocks[0])
    expect(result.bedrockBlocks![1]).toBe(blocks[1])
    expect(result.bedrockBlocks![4]).toBe(blocks[3])
    expect(JSON.stringify([result.bedrockBlocks![0], result.bedrockBlocks![1], result.bedrockBlocks![4]])).toBe(before)
  })
})

describe('OpenAI Responses items', () => {
  const reasoning = { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAA==' }
  const functionCall = {
    type: 'function_call',
    id: 'fc_1',
    call_id: 'call_1',
    name: 'tool_call',
    arguments: JSON.stringify({ calls: [a, b, c] }),
    status: 'completed',
  }

  it('keeps the item id on the first child only: a new child must not inherit the parent item id', () => {
    const items = deepFreeze([reasoning, functionCall])
    const result = expandLocalToolBatches(deepFreeze([batch('call_1', [a, b, c])]), { responsesItems: items })
    const ids = result.toolCalls.map((one) => one.id)
    expect(result.responsesItems).toEqual([
      reasoning,
      { ...functionCall, call_id: ids[0], arguments: childArgs(a) },
      { type: 'function_call', call_id: ids[1], name: 'tool_call', arguments: childArgs(b), status: 'completed' },
      { type: 'function_call', call_id: ids[2], name: 'tool_call', arguments: childArgs(c), status: 'completed' },
    ])
    expect(result.responsesItems![0]).toBe(reasoning)
  })
})

describe('Gemini parts', () => {
  const thought = { text: 'Three reads.', thought: true }
  const signed = { functionCall: { name: 'tool_call', args: { calls: [a, b] } }, thoughtSignature: 'CiQBVKhc7w==' }

  it('keeps the thoughtSignature on the first child only, and matches a part without an id by position', () => {
    const parts = deepFreeze([thought, signed])
    const result = expandLocalToolBatches(deepFreeze([batch('call_g', [a, b])]), { geminiParts: parts })
    expect(result.geminiParts).toEqual([
      thought,
      { functionCall: { name: 'tool_call', args: input(a) }, thoughtSignature: 'CiQBVKhc7w==' },
      { functionCall: { name: 'tool_call', args: input(b) } },
    ])
    expect(result.geminiParts![0]).toBe(thought)
  })

  it('gives children ids when the part carried one, matched by that id', () => {
    const withId = { functionCall: { id: 'g1', name: 'tool_call', args: { calls: [a, b] } } }
    const result = expandLocalToolBatches(deepFreeze([call('other', 'x'), batch('g1', [a, b])]), {
      geminiParts: deepFreeze([withId]),
    })
    const ids = result.toolCalls.map((one) => one.id)
    expect(result.geminiParts).toEqual([
      { functionCall: { id: ids[1], name: 'tool_call', args: input(a) } },
      { functionCall: { id: ids[2], name: 'tool_call', args: input(b) } },
    ])
  })

  it('leaves a part without an id alone when the call at its position has another name', () => {
    const parts = deepFreeze([{ functionCall: { name: 'mcp__x__y', args: {} } }])
    expect(expandLocalToolBatches(deepFreeze([batch('c1', [a, b])]), { geminiParts: parts }).geminiParts).toBe(parts)
  })
})

describe('every provider list at once', () => {
  it('rewrites each list given, in step with the calls, and returns only the lists given', () => {
    const toolCalls = deepFreeze([batch('id_1', [a, b])])
    const result = expandLocalToolBatches(toolCalls, {
      anthropicBlocks: deepFreeze([{ type: 'tool_use', id: 'id_1', name: 'tool_call', input: {} }]),
      geminiParts: deepFreeze([{ functionCall: { name: 'tool_call', args: {} } }]),
    })
    expect(Object.keys(result)).toEqual(['toolCalls', 'anthropicBlocks', 'geminiParts'])
    expect(result.anthropicBlocks).toHaveLength(2)
    expect(result.geminiParts).toHaveLength(2)
  })

  it('passes provider lists that are not arrays through as they are', () => {
    const result = expandLocalToolBatches(deepFreeze([batch('id_1', [a, b])]), {
      anthropicBlocks: 'x' as unknown as [],
    })
    expect(result.anthropicBlocks).toBe('x')
  })
})
