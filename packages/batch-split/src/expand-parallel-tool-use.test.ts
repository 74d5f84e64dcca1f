import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { SAFE_ID, call } from './test-support/builders.js'
import { deterministicCallId } from './deterministic-call-id.js'
import { expandParallelToolUse } from './expand-parallel-tool-use.js'
import type { ToolCall } from './types.js'

const use = (recipient: string, parameters: unknown) => ({ recipient_name: recipient, parameters })
const wrapper = (id: string, uses: unknown[], name = 'multi_tool_use.parallel'): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify({ tool_uses: uses }) },
})

describe('expandParallelToolUse', () => {
  it('unwraps multi_tool_use.parallel into one call per use, named without the functions. namespace', () => {
    const { toolCalls } = expandParallelToolUse(
      deepFreeze([wrapper('call_1', [use('functions.get_weather', { city: 'Paris' }), use('functions.get_time', {})])]),
    )
    expect(toolCalls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      {
        id: deterministicCallId('get_time', 'call_1{}', 1),
        type: 'function',
        function: { name: 'get_time', arguments: '{}' },
      },
    ])
  })

  it('unwraps the Responses spelling, parallel', () => {
    const { toolCalls } = expandParallelToolUse(
      deepFreeze([wrapper('call_1', [use('functions.a', {}), use('functions.b', {})], 'parallel')]),
    )
    expect(toolCalls.map((one) => one.function.name)).toEqual(['a', 'b'])
  })

  it('unwraps a wrapper of one use too (the wrapper itself was never a declared tool)', () => {
    const { toolCalls } = expandParallelToolUse(deepFreeze([wrapper('call_1', [use('functions.a', { x: 1 })])]))
    expect(toolCalls).toEqual([{ id: 'call_1', type: 'function', function: { name: 'a', arguments: '{"x":1}' } }])
  })

  it('expands two wrappers in one message, each in its position, ids unique', () => {
    const middle = call('m', 'c')
    const { toolCalls } = expandParallelToolUse(
      deepFreeze([
        wrapper('w1', [use('functions.a', {}), use('functions.b', {})]),
        middle,
        wrapper('w2', [use('functions.a', {}), use('functions.b', {})]),
      ]),
    )
    expect(toolCalls.map((one) => one.function.name)).toEqual(['a', 'b', 'c', 'a', 'b'])
    expect(toolCalls[2]).toBe(middle)
    expect(toolCalls.map((one) => one.id)).toEqual([
      'w1',
      deterministicCallId('b', 'w1{}', 1),
      'm',
      'w2',
      deterministicCallId('b', 'w2{}', 1),
    ])
  })

  it.each([
    ['parameters as a JSON string', '{"x":1}', '{"x":1}'],
    ['parameters missing', undefined, '{}'],
    ['parameters null', null, '{}'],
  ])('reads %s', (_, parameters, expected) => {
    const { toolCalls } = expandParallelToolUse(deepFreeze([wrapper('c', [use('functions.a', parameters)])]))
    expect(toolCalls[0]!.function.arguments).toBe(expected)
  })

  it('keeps a recipient without the functions. namespace as it is', () => {
    const { toolCalls } = expandParallelToolUse(deepFreeze([wrapper('c', [use('lookup', {})])]))
    expect(toolCalls[0]!.function.name).toBe('lookup')
  })

  it('rewrites Responses items in step (first child keeps the item id, others get none)', () => {
    const item = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'parallel', arguments: '{}' }
    const result = expandParallelToolUse(
      deepFreeze([wrapper('call_1', [use('functions.a', {}), use('functions.b', { y: 2 })], 'parallel')]),
      {
        responsesItems: deepFreeze([item]),
      },
    )
    expect(result.responsesItems).toEqual([
      { ...item, name: 'a', arguments: '{}' },
      { type: 'function_call', call_id: result.toolCalls[1]!.id, name: 'b', arguments: '{"y":2}' },
    ])
  })

  it('replaces a parent id providers would reject, on every child', () => {
    const { toolCalls } = expandParallelToolUse(
      deepFreeze([wrapper('call_a|fc_b', [use('functions.a', {}), use('functions.b', {})])]),
    )
    expect(toolCalls.every((one) => SAFE_ID.test(one.id))).toBe(true)
  })

  it.each([
    ['no tool_uses', { id: 'c', type: 'function', function: { name: 'multi_tool_use.parallel', arguments: '{}' } }],
    ['an empty tool_uses', wrapper('c', [])],
    ['a use that is not an object', wrapper('c', [use('functions.a', {}), 'functions.b'])],
    ['a use without recipient_name', wrapper('c', [{ parameters: {} }])],
    ['a blank recipient', wrapper('c', [use('functions.', {})])],
    ['parameters that are an array', wrapper('c', [use('functions.a', [1])])],
    ['parameters that are not valid JSON', wrapper('c', [use('functions.a', '{')])],
    [
      'arguments that are not JSON',
      { id: 'c', type: 'function', function: { name: 'parallel', arguments: '{"tool_uses":' } },
    ],
    [
      'a call of another name',
      {
        id: 'c',
        type: 'function',
        function: { name: 'multi_tool_use', arguments: '{"tool_uses":[{"recipient_name":"functions.a"}]}' },
      },
    ],
  ])('leaves a wrapper with %s as the very same object', (_, one) => {
    const toolCalls = deepFreeze([one]) as ToolCall[]
    expect(expandParallelToolUse(toolCalls).toolCalls).toBe(toolCalls)
  })

  it('does not unwrap recursively: a nested wrapper comes out as an ordinary call still named multi_tool_use.parallel', () => {
    const nested = wrapper('c', [use('multi_tool_use.parallel', { tool_uses: [use('functions.a', {})] })])
    const { toolCalls } = expandParallelToolUse(deepFreeze([nested]))
    expect(toolCalls[0]!.function.name).toBe('multi_tool_use.parallel')
  })
})
