import { createCallIdRegistry, deterministicCallId } from '@x/batch-split'
import { deepFreeze } from '@x/test-utils'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitToolCall } from './split-tool-call.js'
import type { ToolCallContent } from './types.js'

const call = (toolName: string, input: unknown, toolCallId = 'call_p'): ToolCallContent =>
  deepFreeze({
    type: 'tool-call',
    toolCallId,
    toolName,
    input: typeof input === 'string' ? input : JSON.stringify(input),
  })
const entries = (count: number) => ({
  calls: Array.from({ length: count }, (_, index) => ({ name: `t${index}`, arguments: { index } })),
})
const split = (part: ToolCallContent, declared: string[] = []) =>
  splitToolCall(part, { declared: new Set(declared), provider: 'generic' }, createCallIdRegistry())
const shape = (parts: ToolCallContent[] | undefined) =>
  parts?.map((part) => [part.toolCallId, part.toolName, part.input])

describe('splitToolCall: what is left alone', () => {
  it.each([
    ['an ordinary call', call('read', { path: 'a' })],
    ['a batch of 11 (over the dispatch limit)', call('tool_call', entries(11))],
    ['a tool_call whose arguments are not JSON', call('tool_call', '{"calls": [')],
    ['a tool_call without calls', call('tool_call', { name: '' })],
    ['a tool_call with an entry without a name', call('tool_call', { calls: [{ arguments: {} }, { name: 'a' }] })],
    ['a parallel wrapper with a malformed use', call('multi_tool_use.parallel', { tool_uses: [{ parameters: {} }] })],
    ['a parallel wrapper without uses', call('parallel', '{}')],
  ])('%s', (_title, part) => {
    expect(split(part)).toBeUndefined()
  })

  it('leaves a declared tool named parallel alone', () => {
    expect(
      split(call('parallel', { tool_uses: [{ recipient_name: 'functions.a', parameters: {} }] }), ['parallel']),
    ).toBeUndefined()
  })

  it('leaves a batch of one alone when a tool_call tool is offered (the bridge runs it)', () => {
    expect(split(call('tool_call', entries(1)), ['tool_call'])).toBeUndefined()
  })
})

describe('splitToolCall: what is split', () => {
  it('splits a batch into calls of the entry tools, ids as @x/batch-split derives them', () => {
    expect(shape(split(call('tool_call', entries(3))))).toEqual([
      ['call_p', 't0', '{"index":0}'],
      [deterministicCallId('t1', 'call_p{"index":1}', 1), 't1', '{"index":1}'],
      [deterministicCallId('t2', 'call_p{"index":2}', 2), 't2', '{"index":2}'],
    ])
  })

  it('unwraps a batch of one when no tool_call tool is offered (the SDK has no such tool)', () => {
    expect(shape(split(call('tool_call', entries(1))))).toEqual([['call_p', 't0', '{"index":0}']])
  })

  it('splits a batch of 10, the dispatch limit', () => {
    expect(split(call('tool_call', entries(10)))).toHaveLength(10)
  })

  it('keeps bridge children as tool_call calls of one entry each when a tool_call tool is offered', () => {
    expect(
      split(call('tool_call', entries(2)), ['tool_call'])?.map((part) => [part.toolName, JSON.parse(part.input)]),
    ).toEqual([
      ['tool_call', { calls: [{ name: 't0', arguments: { index: 0 } }] }],
      ['tool_call', { calls: [{ name: 't1', arguments: { index: 1 } }] }],
    ])
  })

  it('unwraps a parallel wrapper whose use is itself a batch', () => {
    const inner = JSON.stringify(entries(2))
    const part = call('multi_tool_use.parallel', {
      tool_uses: [{ recipient_name: 'functions.tool_call', parameters: JSON.parse(inner) }],
    })
    expect(split(part)?.map((child) => child.toolName)).toEqual(['t0', 't1'])
  })

  it('replaces a parent id a provider would reject', () => {
    const [first] = split(call('tool_call', entries(2), 'bad id!'))!
    expect(first!.toolCallId).toBe(deterministicCallId('t0', 'bad id!{"index":0}', 0))
  })

  it('gives provider metadata only to the first child (a signature is never copied)', () => {
    const signed = deepFreeze({
      ...call('tool_call', entries(2)),
      providerMetadata: { google: { thoughtSignature: 'sig' } },
    })
    expect(split(signed)?.map((part) => part.providerMetadata)).toEqual([
      { google: { thoughtSignature: 'sig' } },
      undefined,
    ])
  })

  it('keeps ids unique over the answer', () => {
    const ids = createCallIdRegistry()
    const context = { declared: new Set<string>(), provider: 'generic' as const }
    const first = splitToolCall(call('tool_call', entries(2)), context, ids)!
    const again = splitToolCall(call('tool_call', entries(2)), context, ids)!
    expect(again.map((part) => part.toolCallId)).toEqual(first.map((part) => `${part.toolCallId}_d2`))
  })

  it('never throws and never mutates, whatever the input text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('tool_call', 'multi_tool_use.parallel', 'parallel', 'read'),
        fc.oneof(fc.string(), fc.json()),
        (name, input) => {
          const part = call(name, input)
          const parts = split(part)
          expect(
            parts === undefined || parts.every((child) => typeof child.input === 'string' && child.toolCallId !== ''),
          ).toBe(true)
        },
      ),
    )
  })
})
