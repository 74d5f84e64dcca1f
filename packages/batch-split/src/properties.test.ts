import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SAFE_ID } from './test-support/builders.js'
import { MAX_CALLS_PER_DISPATCH } from './constants.js'
import { expandLocalToolBatches } from './expand-local-tool-batches.js'
import { expandParallelToolUse } from './expand-parallel-tool-use.js'
import { localBatchError } from './local-batch-error.js'
import { normalizeToolCallEntries } from './normalize-tool-call-entries.js'
import type { ToolCall, ToolCallEntry } from './types.js'

const runs = { numRuns: 200 }

// Tool names as models write them; connector names are mixed in but never all of a batch.
const localName = fc.constantFrom('mcp__files__read', 'mcp__git__grep', 'mcp__tracker__create', 'terminal', 'é_tool')
const anyName = fc.oneof(localName, fc.constant('connectors__drive__list'))
// Round-tripped through JSON so that -0 (which JSON spells 0) cannot appear.
const jsonObject = fc
  .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>)
const entryArb: fc.Arbitrary<ToolCallEntry> = fc.record({ name: anyName, arguments: jsonObject })
const batchEntries = fc
  .tuple(
    fc.record({ name: localName, arguments: jsonObject }),
    fc.array(entryArb, { minLength: 1, maxLength: MAX_CALLS_PER_DISPATCH - 1 }),
  )
  .chain(([local, rest]) =>
    fc.integer({ min: 0, max: rest.length }).map((at) => [...rest.slice(0, at), local, ...rest.slice(at)]),
  )
// Ids from a tiny pool, so that collisions (and the _dN repair) happen often.
const idArb = fc.oneof(fc.constantFrom('x', 'toolu_1', 'call_1', 'functions.a:0', ''), fc.string({ maxLength: 70 }))

const batchCall = (id: string, entries: readonly ToolCallEntry[]): ToolCall => ({
  id,
  type: 'function',
  function: { name: 'tool_call', arguments: JSON.stringify({ calls: entries }) },
})
const otherCall = (id: string): ToolCall => ({ id, type: 'function', function: { name: 'mcp__x__y', arguments: '{}' } })

type Item = { kind: 'batch'; id: string; entries: ToolCallEntry[] } | { kind: 'other'; id: string }
const itemArb: fc.Arbitrary<Item> = fc.oneof(
  fc.record({ kind: fc.constant('batch' as const), id: idArb, entries: batchEntries }),
  fc.record({ kind: fc.constant('other' as const), id: idArb }),
)
const messageArb = fc.array(itemArb, { maxLength: 5 })
const toCalls = (items: readonly Item[]): ToolCall[] =>
  items.map((item) => (item.kind === 'batch' ? batchCall(item.id, item.entries) : otherCall(item.id)))

describe('laws', () => {
  it('keeps entry order: the children of all batches, parsed back, are the entries in order', () => {
    fc.assert(
      fc.property(messageArb, (items) => {
        const { toolCalls } = expandLocalToolBatches(deepFreeze(toCalls(items)))
        const expected = items.flatMap((item) =>
          item.kind === 'batch' ? item.entries.map((one) => ({ calls: [one] })) : [{}],
        )
        expect(toolCalls.map((one) => JSON.parse(one.function.arguments) as unknown)).toEqual(expected)
      }),
      runs,
    )
  })

  it('child arguments parse back to exactly one normalized entry each', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), batchEntries, (id, entries) => {
        const { toolCalls } = expandLocalToolBatches(deepFreeze([batchCall(id, entries)]))
        expect(toolCalls.map((one) => normalizeToolCallEntries(JSON.parse(one.function.arguments)).entries)).toEqual(
          entries.map((one) => [one]),
        )
      }),
      runs,
    )
  })

  it('makes every non-empty id unique, and every id it creates provider-safe', () => {
    fc.assert(
      fc.property(messageArb, (items) => {
        const input = toCalls(items)
        const { toolCalls } = expandLocalToolBatches(deepFreeze(input))
        const ids = toolCalls.map((one) => one.id).filter((id) => id !== '')
        expect(new Set(ids).size).toBe(ids.length)
        const children = toolCalls.filter((one) => one.function.name === 'tool_call')
        for (const child of children) expect(child.id).toMatch(SAFE_ID)
      }),
      runs,
    )
  })

  it('puts one Anthropic block per child in the parent block position, other blocks the same objects', () => {
    fc.assert(
      fc.property(messageArb, fc.array(fc.constantFrom('text', 'thinking'), { maxLength: 3 }), (items, extra) => {
        const input = toCalls(items)
        const blocks = deepFreeze([
          ...extra.map((type) => ({ type, text: type })),
          ...input.flatMap((one) => [
            { type: 'tool_use', id: one.id, name: one.function.name, input: {} },
            { type: 'text', text: 'between' },
          ]),
        ])
        const result = expandLocalToolBatches(deepFreeze(input), { anthropicBlocks: blocks })
        const toolUses = result.anthropicBlocks!.filter((block) => block.type === 'tool_use') as Array<{ id: string }>
        expect(toolUses.map((block) => block.id)).toEqual(result.toolCalls.map((one) => one.id))
        const others = result.anthropicBlocks!.filter((block) => block.type !== 'tool_use')
        expect(others).toEqual(blocks.filter((block) => block.type !== 'tool_use'))
        others.forEach((block, index) => expect(block).toBe(blocks.filter((one) => one.type !== 'tool_use')[index]))
        // Between two text blocks sits exactly the expansion of one call.
        const shape = result
          .anthropicBlocks!.slice(extra.length)
          .map((block) => (block.type === 'tool_use' ? 'T' : '|'))
          .join('')
        const expectedShape = items
          .map((item) => 'T'.repeat(item.kind === 'batch' ? item.entries.length : 1) + '|')
          .join('')
        expect(shape).toBe(expectedShape)
      }),
      runs,
    )
  })

  it('is idempotent: expanding its own output changes nothing', () => {
    fc.assert(
      fc.property(messageArb, (items) => {
        const once = expandLocalToolBatches(deepFreeze(toCalls(items))).toolCalls
        expect(expandLocalToolBatches(once).toolCalls).toBe(once)
      }),
      runs,
    )
  })

  it('is deterministic: the same message twice gives the same output', () => {
    fc.assert(
      fc.property(messageArb, (items) => {
        expect(expandLocalToolBatches(deepFreeze(toCalls(items)))).toEqual(
          expandLocalToolBatches(deepFreeze(toCalls(items))),
        )
      }),
      runs,
    )
  })
})

describe('never throws, never mutates', () => {
  const anything = fc.anything({
    maxDepth: 3,
    withNullPrototype: true,
    withObjectString: true,
    withMap: true,
    withBigInt: true,
  })
  const toolCallish = fc.record({
    id: fc.oneof(idArb, anything),
    type: fc.constant('function'),
    function: fc.record({
      name: fc.constantFrom('tool_call', 'multi_tool_use.parallel', 'parallel', 'x'),
      arguments: fc.oneof(
        fc.json(),
        anything,
        fc.jsonValue().map((calls) => JSON.stringify({ calls })),
        fc.jsonValue().map((tool_uses) => JSON.stringify({ tool_uses })),
      ),
    }),
  })
  const callsArb = fc.oneof(fc.array(fc.oneof(toolCallish, anything), { maxLength: 4 }), anything)
  const optionsArb = fc.oneof(
    fc.record(
      { anthropicBlocks: anything, bedrockBlocks: anything, responsesItems: anything, geminiParts: anything },
      { requiredKeys: [] },
    ),
    anything,
  )

  it('expandLocalToolBatches and expandParallelToolUse return a result for any input', () => {
    fc.assert(
      fc.property(callsArb, optionsArb, (toolCalls, options) => {
        const frozenCalls = deepFreeze(toolCalls) as ToolCall[]
        const frozenOptions = deepFreeze(options) as never
        expect(expandLocalToolBatches(frozenCalls, frozenOptions)).toHaveProperty('toolCalls')
        expect(expandParallelToolUse(frozenCalls, frozenOptions)).toHaveProperty('toolCalls')
      }),
      runs,
    )
  })

  it('normalizeToolCallEntries and localBatchError answer any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          anything,
          fc.jsonValue().map((calls) => ({ calls })),
        ),
        (args) => {
          const result = normalizeToolCallEntries(deepFreeze(args))
          expect(typeof result.error === 'string' || Array.isArray(result.entries)).toBe(true)
          expect(typeof localBatchError(deepFreeze(args) as ToolCallEntry[])).toBe('string')
        },
      ),
      runs,
    )
  })

  it('leaves Object.prototype untouched', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(
      Object.getOwnPropertyNames(Object.getPrototypeOf({}) as object).sort(),
    )
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})
