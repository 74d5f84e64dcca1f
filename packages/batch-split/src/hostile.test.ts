// Hostile inputs: objects whose reads throw (getters, revoked Proxies) and
// lists built to make the id repair superlinear. Nothing here may throw out of
// a public function, and the work must stay linear in the input.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { batch, call, read } from './test-support/builders.js'
import { expandLocalToolBatches } from './expand-local-tool-batches.js'
import { expandParallelToolUse } from './expand-parallel-tool-use.js'
import { localBatchError } from './local-batch-error.js'
import { normalizeToolCallEntries } from './normalize-tool-call-entries.js'
import type { ToolCall, ToolCallEntry } from './types.js'

const revoked = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}
const revokedArray = (): unknown[] => {
  const { proxy, revoke } = Proxy.revocable([], {})
  revoke()
  return proxy
}
// An object whose `key` getter throws, the rest plain data.
const throwingAt = <T extends object>(value: T, key: string): T =>
  Object.defineProperty({ ...value }, key, {
    enumerable: true,
    get() {
      throw new Error('boom')
    },
  })
const throwingIndex = (list: readonly unknown[], index: number): unknown[] =>
  Object.defineProperty([...list], index, {
    enumerable: true,
    get() {
      throw new Error('boom')
    },
  })

const split = batch('toolu_1', [read('a'), read('b')])

describe('reads that throw never throw out of the expansions', () => {
  const cases: Array<[string, () => unknown]> = [
    ['a revoked Proxy as the call list', revokedArray],
    ['a revoked Proxy as a call', () => [split, revoked()]],
    ['a throwing getter as a call', () => throwingIndex([split, split], 1)],
    ['a throwing id getter', () => [throwingAt(split, 'id')]],
    ['a throwing function getter', () => [throwingAt(split, 'function')]],
    ['a throwing arguments getter', () => [{ ...split, function: throwingAt(split.function, 'arguments') }]],
    ['a revoked Proxy as the function record', () => [{ ...split, function: revoked() }]],
  ]

  it.each(cases)('expandLocalToolBatches: %s gives the calls back as given', (_, make) => {
    const toolCalls = make() as ToolCall[]
    expect(expandLocalToolBatches(toolCalls).toolCalls).toBe(toolCalls)
  })

  it.each(cases)('expandParallelToolUse: %s gives the calls back as given', (_, make) => {
    const toolCalls = make() as ToolCall[]
    expect(expandParallelToolUse(toolCalls).toolCalls).toBe(toolCalls)
  })

  it('a revoked Proxy as a provider list: the calls and the list come back as given', () => {
    const blocks = revokedArray()
    const toolCalls = [split]
    const result = expandLocalToolBatches(toolCalls, { anthropicBlocks: blocks })
    expect(result.toolCalls).toBe(toolCalls)
    expect(result.anthropicBlocks).toBe(blocks)
  })

  it('a throwing block in a provider list: the calls and every list come back as given', () => {
    const blocks = throwingIndex(
      [
        { type: 'text', text: 'x' },
        { type: 'tool_use', id: 'toolu_1', name: 'tool_call', input: {} },
      ],
      0,
    )
    const parts = [{ text: 'y' }]
    const toolCalls = [split]
    const result = expandLocalToolBatches(toolCalls, { anthropicBlocks: blocks, geminiParts: parts })
    expect(result).toEqual({ toolCalls, anthropicBlocks: blocks, geminiParts: parts })
    expect(result.geminiParts).toBe(parts)
  })

  it('options that are a revoked Proxy: the calls come back as given, and no list', () => {
    const toolCalls = [split]
    expect(expandLocalToolBatches(toolCalls, revoked() as never)).toEqual({ toolCalls })
    expect(expandParallelToolUse(toolCalls, revoked() as never).toolCalls).toBe(toolCalls)
  })

  it('a provider list whose option getter throws is left out, the readable ones kept', () => {
    const parts = [{ text: 'y' }]
    const options = throwingAt({ geminiParts: parts, anthropicBlocks: [] }, 'anthropicBlocks')
    const toolCalls = [throwingAt(split, 'id')]
    expect(expandLocalToolBatches(toolCalls, options)).toEqual({ toolCalls, geminiParts: parts })
  })
})

describe('reads that throw never throw out of normalizeToolCallEntries or localBatchError', () => {
  it.each<[string, () => unknown]>([
    ['a revoked Proxy', revoked],
    ['a throwing calls getter', () => throwingAt({ calls: [] }, 'calls')],
    ['a revoked Proxy as calls', () => ({ calls: revokedArray() })],
    ['a throwing entry', () => ({ calls: throwingIndex([{ name: 'a' }], 0) })],
    ['a throwing entry name', () => ({ calls: [throwingAt({ name: 'a' }, 'name')] })],
    ['a throwing entry arguments getter', () => ({ calls: [throwingAt({ name: 'a', arguments: {} }, 'arguments')] })],
  ])('normalizeToolCallEntries: %s is an error, not a throw', (_, make) => {
    expect(normalizeToolCallEntries(make())).toEqual({ error: 'tool_call arguments could not be read' })
  })

  it.each<[string, () => unknown]>([
    ['a revoked Proxy as the list', revokedArray],
    ['a throwing first entry', () => throwingIndex([{ name: 'a' }, { name: 'b' }], 0)],
    ['a throwing arguments getter', () => [throwingAt({ name: 'a', arguments: {} }, 'arguments')]],
    [
      'arguments with a throwing toJSON',
      () => [
        {
          name: 'a',
          arguments: {
            toJSON: () => {
              throw new Error('boom')
            },
          },
        },
      ],
    ],
  ])('localBatchError: %s gives the rule without the echo', (_, make) => {
    const message = localBatchError(make() as ToolCallEntry[])
    expect(message).toMatch(/^tool_call takes exactly one entry for local tools[.;]/)
    expect(message).toMatch(/Only connectors__ names may be batched together\.$/)
  })
})

describe('the id repair stays linear', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  // Counting set lookups instead of timing (timings belong in the benchmarks):
  // probing every repeat from `_d2` again costs n²/2 lookups for n repeats.
  it.each([
    ['calls it does not split', (index: number) => call('same', 'x', { index })],
    ['batches it splits', (index: number) => batch('same', [read(`a${index}`), read(`b${index}`)])],
  ])('n repeats of one id (%s) cost O(n) set lookups, not O(n²)', (_, make) => {
    const repeats = 2_000
    const toolCalls = Array.from({ length: repeats }, (_, index) => make(index))
    const has = vi.spyOn(Set.prototype, 'has')
    const ids = expandLocalToolBatches(toolCalls).toolCalls.map((one) => one.id)
    const lookups = has.mock.calls.length
    vi.restoreAllMocks()
    expect(new Set(ids).size).toBe(ids.length)
    expect(lookups).toBeLessThan(20 * ids.length)
  })

  // Counting the characters hashed: repairing each repeat of a rejected id
  // by hashing the whole id again costs n times its length.
  it('hashes a long rejected id once however often it repeats', () => {
    const id = `functions.${'x'.repeat(100_000)}:0`
    const toolCalls = Array.from({ length: 200 }, () => call(id, 'x'))
    const encode = vi.spyOn(TextEncoder.prototype, 'encode')
    const encodeInto = vi.spyOn(TextEncoder.prototype, 'encodeInto')
    const ids = expandLocalToolBatches(toolCalls).toolCalls.map((one) => one.id)
    const hashed = [...encode.mock.calls, ...encodeInto.mock.calls].reduce(
      (sum, [text]) => sum + (text?.length ?? 0),
      0,
    )
    vi.restoreAllMocks()
    expect(new Set(ids).size).toBe(200)
    expect(hashed).toBeLessThan(2 * id.length)
  })

  it('gives the n-th repeat the same id as before: same, same_d2, ..., same_dn', () => {
    const ids = expandLocalToolBatches(Array.from({ length: 5 }, () => call('same', 'x'))).toolCalls.map(
      (one) => one.id,
    )
    expect(ids).toEqual(['same', 'same_d2', 'same_d3', 'same_d4', 'same_d5'])
  })

  it('skips a suffix an earlier call already holds', () => {
    const ids = expandLocalToolBatches([
      call('x', 'a'),
      call('x_d2', 'b'),
      call('x', 'c'),
      call('x', 'd'),
    ]).toolCalls.map((one) => one.id)
    expect(ids).toEqual(['x', 'x_d2', 'x_d3', 'x_d4'])
  })
})

describe('a repeated id the provider rejects is repaired into a valid one', () => {
  it.each([
    ['Kimi-style', 'functions.read:0'],
    ['a single space', ' '],
    ['41 characters', 'a'.repeat(41)],
  ])('%s: the repeat gets a derived id, not a suffix on the rejected one', (_, id) => {
    const ids = expandLocalToolBatches([call(id, 'x'), call(id, 'y'), call(id, 'z')]).toolCalls.map((one) => one.id)
    expect(ids[0]).toBe(id)
    expect(ids.slice(1)).toEqual([
      expect.stringMatching(/^call_[0-9a-f]{12}$/),
      expect.stringMatching(/^call_[0-9a-f]{12}$/),
    ])
    expect(new Set(ids).size).toBe(3)
  })

  it('repairs the repeat the same way on a replay', () => {
    const once = () => expandLocalToolBatches([call(' ', 'x'), call(' ', 'y')]).toolCalls.map((one) => one.id)
    expect(once()).toEqual(once())
  })
})
