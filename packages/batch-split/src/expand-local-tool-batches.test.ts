import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { SAFE_ID, batch, call, childArgs, drive, entry, grep, read, ticket } from './test-support/builders.js'
import { deterministicCallId } from './deterministic-call-id.js'
import { expandLocalToolBatches } from './expand-local-tool-batches.js'
import type { ToolCall } from './types.js'

const argsOf = (calls: ReadonlyArray<ToolCall>): string[] => calls.map((one) => one.function.arguments)
const idsOf = (calls: ReadonlyArray<ToolCall>): string[] => calls.map((one) => one.id)
const derived = (parentId: string, one: ReturnType<typeof read>, index: number): string =>
  deterministicCallId('tool_call', parentId + childArgs(one), index)

describe('expandLocalToolBatches: what is split', () => {
  it('splits a batch of local entries into one tool_call per entry, arguments {"calls":[entry]} in compact JSON', () => {
    const { toolCalls } = expandLocalToolBatches(deepFreeze([batch('toolu_1', [read('a'), grep('b'), ticket('c')])]))
    expect(argsOf(toolCalls)).toEqual([
      '{"calls":[{"name":"mcp__files__read","arguments":{"path":"a"}}]}',
      '{"calls":[{"name":"mcp__git__grep","arguments":{"pattern":"b"}}]}',
      '{"calls":[{"name":"mcp__tracker__create","arguments":{"title":"c"}}]}',
    ])
    expect(toolCalls.every((one) => one.type === 'function' && one.function.name === 'tool_call')).toBe(true)
  })

  it('gives the first child the parent id and child i >= 1 deterministicCallId("tool_call", parentId + childArguments, i)', () => {
    const entries = [read('a'), grep('b'), ticket('c')]
    const { toolCalls } = expandLocalToolBatches(deepFreeze([batch('toolu_1', entries)]))
    expect(idsOf(toolCalls)).toEqual(['toolu_1', derived('toolu_1', grep('b'), 1), derived('toolu_1', ticket('c'), 2)])
  })

  it('keeps everything else of the parent on the first child only', () => {
    const parent = deepFreeze({
      ...batch('toolu_1', [read('a'), read('b')]),
      index: 0,
      extra: { kept: true },
      function: { name: 'tool_call', arguments: JSON.stringify({ calls: [read('a'), read('b')] }), strict: true },
    })
    const { toolCalls } = expandLocalToolBatches([parent])
    expect(toolCalls[0]).toEqual({ ...parent, function: { ...parent.function, arguments: childArgs(read('a')) } })
    expect(toolCalls[0]).toHaveProperty('extra', parent.extra)
    expect(toolCalls[1]).toEqual({
      id: derived('toolu_1', read('b'), 1),
      type: 'function',
      function: { name: 'tool_call', arguments: childArgs(read('b')) },
    })
  })

  it('splits a mixed local + connector batch', () => {
    const { toolCalls } = expandLocalToolBatches(deepFreeze([batch('c1', [drive(), read('a')])]))
    expect(argsOf(toolCalls)).toEqual([childArgs(drive()), childArgs(read('a'))])
  })

  it('splits exactly MAX_CALLS_PER_DISPATCH (10) entries', () => {
    const entries = Array.from({ length: 10 }, (_, index) => read(String(index)))
    expect(expandLocalToolBatches(deepFreeze([batch('c1', entries)])).toolCalls).toHaveLength(10)
  })

  it.each([
    ['calls as a JSON string', { calls: JSON.stringify([read('a'), read('b')]) }],
    [
      'entry arguments as JSON strings',
      {
        calls: [
          { name: 'mcp__files__read', arguments: '{"path":"a"}' },
          { name: 'mcp__files__read', arguments: '{"path":"b"}' },
        ],
      },
    ],
  ])('splits the envelope shapes models really send: %s', (_, args) => {
    const parent = deepFreeze({
      id: 'c1',
      type: 'function' as const,
      function: { name: 'tool_call', arguments: JSON.stringify(args) },
    })
    expect(argsOf(expandLocalToolBatches([parent]).toolCalls)).toEqual([childArgs(read('a')), childArgs(read('b'))])
  })

  it('reads parent arguments that are already an object; children still carry JSON strings', () => {
    const parent = deepFreeze({
      id: 'c1',
      type: 'function',
      function: { name: 'tool_call', arguments: { calls: [read('a'), read('b')] } },
    })
    expect(argsOf(expandLocalToolBatches([parent]).toolCalls as ToolCall[])).toEqual([
      childArgs(read('a')),
      childArgs(read('b')),
    ])
  })

  it('normalizes each entry in the child (trimmed name, parsed arguments, extra keys dropped)', () => {
    const args = { calls: [{ name: ' mcp__files__read ', arguments: '{"path":"a"}', note: 'x' }, read('b')] }
    const parent = deepFreeze({
      id: 'c1',
      type: 'function' as const,
      function: { name: 'tool_call', arguments: JSON.stringify(args) },
    })
    expect(expandLocalToolBatches([parent]).toolCalls[0]!.function.arguments).toBe(childArgs(read('a')))
  })
})

describe('expandLocalToolBatches: what comes back untouched (the very same objects)', () => {
  const eleven = Array.from({ length: 11 }, (_, index) => read(String(index)))
  const raw = (args: string): ToolCall => ({
    id: 'c1',
    type: 'function',
    function: { name: 'tool_call', arguments: args },
  })
  it.each([
    ['a single entry', batch('c1', [read('a')])],
    ['the legacy single shape', raw('{"name":"mcp__files__read","arguments":{"path":"a"}}')],
    ['more than 10 entries', batch('c1', eleven)],
    ['a connector-only batch', batch('c1', [drive(), entry('connectors__mail__send')])],
    ['arguments that are not JSON', raw('{"calls":[')],
    ['empty arguments', raw('')],
    ['an empty calls array', batch('c1', [])],
    ['an entry without a name', batch('c1', [read('a'), { arguments: {} }])],
    ['an entry that is not an object', batch('c1', [read('a'), 'mcp__files__read'])],
    ['entry arguments that are not valid JSON', batch('c1', [read('a'), { name: 'x', arguments: '{' }])],
    ['entry arguments that are not an object', batch('c1', [read('a'), { name: 'x', arguments: [1] }])],
    ['an entry naming a bridge tool', batch('c1', [read('a'), entry('tool_search')])],
    ['a call not named tool_call', call('c1', 'mcp__files__read', { calls: [read('a'), read('b')] })],
    ['arguments that are a number', { id: 'c1', type: 'function', function: { name: 'tool_call', arguments: 7 } }],
  ])('%s', (_, one) => {
    const toolCalls = deepFreeze([one])
    const result = expandLocalToolBatches(toolCalls as ToolCall[])
    expect(result.toolCalls).toBe(toolCalls)
    expect(result.toolCalls[0]).toBe(one)
  })

  it('returns the very same arrays, provider lists included, when nothing is split', () => {
    const toolCalls = deepFreeze([call('c1', 'a'), batch('c2', [read('a')])])
    const anthropicBlocks = deepFreeze([{ type: 'text', text: 'hi' }])
    const result = expandLocalToolBatches(toolCalls, { anthropicBlocks })
    expect(result.toolCalls).toBe(toolCalls)
    expect(result.anthropicBlocks).toBe(anthropicBlocks)
    expect(Object.keys(result)).toEqual(['toolCalls', 'anthropicBlocks'])
  })

  it.each([[[]], [[null, 1, 'x', [], {}]], [[{ id: 'c1' }, { function: null }, { function: { name: 'tool_call' } }]]])(
    'passes calls it cannot read through in place (%j)',
    (toolCalls) => {
      const frozen = deepFreeze(toolCalls)
      expect(expandLocalToolBatches(frozen as unknown as ToolCall[]).toolCalls).toBe(frozen)
    },
  )
})

describe('expandLocalToolBatches: positions', () => {
  it('passes other calls through in position, as the same objects', () => {
    const before = call('c0', 'mcp__x__y')
    const after = call('c9', 'mcp__x__z')
    const { toolCalls } = expandLocalToolBatches(deepFreeze([before, batch('c1', [read('a'), read('b')]), after]))
    expect(toolCalls[0]).toBe(before)
    expect(toolCalls[3]).toBe(after)
    expect(idsOf(toolCalls)).toEqual(['c0', 'c1', derived('c1', read('b'), 1), 'c9'])
  })

  it('splits several batches in one message, each in its own position', () => {
    const middle = call('m', 'mcp__x__y')
    const { toolCalls } = expandLocalToolBatches(
      deepFreeze([batch('b1', [read('a'), read('b')]), middle, batch('b2', [grep('c'), grep('d'), grep('e')])]),
    )
    expect(idsOf(toolCalls)).toEqual([
      'b1',
      derived('b1', read('b'), 1),
      'm',
      'b2',
      derived('b2', grep('d'), 1),
      derived('b2', grep('e'), 2),
    ])
    expect(argsOf(toolCalls)).toEqual([
      childArgs(read('a')),
      childArgs(read('b')),
      middle.function.arguments,
      childArgs(grep('c')),
      childArgs(grep('d')),
      childArgs(grep('e')),
    ])
  })
})

describe('expandLocalToolBatches: ids', () => {
  it('gives the same ids to the same input twice (replays are stable)', () => {
    const input = () => deepFreeze([batch('toolu_1', [read('a'), read('b'), read('c')])])
    expect(expandLocalToolBatches(input())).toEqual(expandLocalToolBatches(input()))
  })

  it('gives other ids to the same entries under another parent id', () => {
    const first = idsOf(expandLocalToolBatches(deepFreeze([batch('toolu_1', [read('a'), read('b')])])).toolCalls)
    const second = idsOf(expandLocalToolBatches(deepFreeze([batch('toolu_2', [read('a'), read('b')])])).toolCalls)
    expect(second[1]).not.toBe(first[1])
  })

  it('gives identical entries of one batch distinct ids (the index is hashed)', () => {
    const ids = idsOf(expandLocalToolBatches(deepFreeze([batch('c1', [read('a'), read('a'), read('a')])])).toolCalls)
    expect(new Set(ids).size).toBe(3)
  })

  it('makes ids unique over the whole list: x, x_d2, x_d3', () => {
    const same = [read('a'), read('b')]
    const { toolCalls } = expandLocalToolBatches(deepFreeze([batch('x', same), batch('x', same), batch('x', same)]))
    const child = derived('x', read('b'), 1)
    expect(idsOf(toolCalls)).toEqual(['x', child, 'x_d2', `${child}_d2`, 'x_d3', `${child}_d3`])
  })

  it('suffixes a repeated id of a call it does not split, and only that call is copied', () => {
    const first = call('dup', 'mcp__a__b')
    const second = call('dup', 'mcp__a__c')
    const { toolCalls } = expandLocalToolBatches(deepFreeze([first, second]))
    expect(toolCalls[0]).toBe(first)
    expect(toolCalls[1]).toEqual({ ...second, id: 'dup_d2' })
  })

  it('keeps suffixed ids within 40 characters by default (OpenAI Chat Completions caps ids at 40)', () => {
    const long = 'a'.repeat(40)
    const { toolCalls } = expandLocalToolBatches(deepFreeze([call(long, 'x'), batch(long, [read('a'), read('b')])]))
    expect(toolCalls[1]!.id).toBe(`${'a'.repeat(37)}_d2`)
    expect(idsOf(toolCalls).every((id) => SAFE_ID.test(id))).toBe(true)
  })

  it('keeps suffixed ids within 64 characters for Anthropic', () => {
    const long = 'a'.repeat(64)
    const { toolCalls } = expandLocalToolBatches(deepFreeze([call(long, 'x'), batch(long, [read('a'), read('b')])]), {
      provider: 'anthropic',
    })
    expect(toolCalls[1]!.id).toBe(`${'a'.repeat(61)}_d2`)
  })

  it.each([
    ['Kimi-style with a dot and a colon', 'functions.read:0'],
    ['a Responses composite', 'call_a|fc_b'],
    ['with a space', 'toolu 1'],
    ['41 characters', 'a'.repeat(41)],
    ['empty', ''],
  ])('replaces a parent id a provider would reject (%s) by the derived id for index 0', (_, parentId) => {
    const { toolCalls } = expandLocalToolBatches(deepFreeze([batch(parentId, [read('a'), read('b')])]))
    expect(idsOf(toolCalls)).toEqual([derived(parentId, read('a'), 0), derived(parentId, read('b'), 1)])
  })

  it.each([[undefined], [42], [null]])(
    'treats a missing or non-string parent id (%j) as "" for the hash',
    (parentId) => {
      const parent = deepFreeze({ ...batch('x', [read('a'), read('b')]), id: parentId })
      const { toolCalls } = expandLocalToolBatches([parent] as unknown as ToolCall[])
      expect(idsOf(toolCalls as ToolCall[])).toEqual([derived('', read('a'), 0), derived('', read('b'), 1)])
    },
  )

  it('keeps a 40-character provider-safe parent id as is', () => {
    const id = `toolu_${'A'.repeat(34)}`
    expect(expandLocalToolBatches(deepFreeze([batch(id, [read('a'), read('b')])])).toolCalls[0]!.id).toBe(id)
  })
})

describe('expandLocalToolBatches: inputs', () => {
  it('never writes to Object.prototype, whatever keys the arguments carry', () => {
    const args =
      '{"calls":[{"name":"x","arguments":{"__proto__":{"polluted":1},"constructor":{"prototype":{"p":1}}}},{"name":"y","arguments":{}}]}'
    const { toolCalls } = expandLocalToolBatches(
      deepFreeze([{ id: 'c1', type: 'function', function: { name: 'tool_call', arguments: args } }]),
    )
    expect(toolCalls[0]!.function.arguments).toBe(
      '{"calls":[{"name":"x","arguments":{"__proto__":{"polluted":1},"constructor":{"prototype":{"p":1}}}}]}',
    )
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(({} as Record<string, unknown>)['p']).toBeUndefined()
  })

  it('leaves its inputs byte for byte as they were', () => {
    const toolCalls = [call('c0', 'x'), batch('c1', [read('a'), read('b')])]
    const snapshot = JSON.stringify(toolCalls)
    expandLocalToolBatches(toolCalls)
    expect(JSON.stringify(toolCalls)).toBe(snapshot)
  })
})
