import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { localBatchError } from './local-batch-error.js'
import type { ToolCallEntry } from './types.js'

const read = (path: string): ToolCallEntry => ({ name: 'mcp__files__read', arguments: { path } })

describe('localBatchError', () => {
  it('restates the rule with the caller own first entry and the count left (the exact wording)', () => {
    expect(localBatchError(deepFreeze([read('alpha'), read('beta')]))).toBe(
      'tool_call takes exactly one entry for local tools; you sent 2. Retry with only: ' +
        '{"calls":[{"name":"mcp__files__read","arguments":{"path":"alpha"}}]} then issue the remaining 1 call(s) ' +
        'as separate tool_call invocations. Only connectors__ names may be batched together.',
    )
  })

  it('matches a rejection recorded in a real session, byte for byte', () => {
    const entries = deepFreeze([
      { name: 'mcp__vault__search', arguments: { limit: 5, query: 'pandoc' } },
      { name: 'mcp__vault__search', arguments: { query: 'x' } },
    ])
    expect(localBatchError(entries)).toBe(
      'tool_call takes exactly one entry for local tools; you sent 2. Retry with only: ' +
        '{"calls":[{"name":"mcp__vault__search","arguments":{"limit":5,"query":"pandoc"}}]} then issue the ' +
        'remaining 1 call(s) as separate tool_call invocations. Only connectors__ names may be batched together.',
    )
  })

  it('counts every entry: N sent, N-1 remaining', () => {
    const entries = deepFreeze(Array.from({ length: 11 }, (_, index) => read(String(index))))
    expect(localBatchError(entries)).toContain('; you sent 11. Retry with only: ')
    expect(localBatchError(entries)).toContain(
      ' then issue the remaining 10 call(s) as separate tool_call invocations.',
    )
  })

  it('leaves out "the remaining" for a single entry', () => {
    expect(localBatchError([read('a')])).toBe(
      'tool_call takes exactly one entry for local tools; you sent 1. Retry with only: ' +
        '{"calls":[{"name":"mcp__files__read","arguments":{"path":"a"}}]}. Only connectors__ names may be batched together.',
    )
  })

  it('echoes arguments over 1,500 characters as {...}', () => {
    const long = { name: 'mcp__x__y', arguments: { text: 'a'.repeat(1500) } }
    expect(localBatchError([long, read('b')])).toContain(
      'Retry with only: {"calls":[{"name":"mcp__x__y","arguments":{...}}]} then',
    )
  })

  it('counts the 1,500 characters in code points, not UTF-16 units', () => {
    // 1,489 astral characters: 2,978 UTF-16 units, but 1,500 code points with the JSON around them.
    const text = '😀'.repeat(1489)
    expect(JSON.stringify({ text }).length).toBeGreaterThan(1500)
    expect(localBatchError([{ name: 'x', arguments: { text } }])).toContain(`"arguments":{"text":"${text}"}`)
  })

  it('keeps non-ASCII text as is (no \\u escapes), like ensure_ascii=False', () => {
    expect(localBatchError([{ name: 'é', arguments: { q: 'ünï' } }])).toContain(
      '{"calls":[{"name":"é","arguments":{"q":"ünï"}}]}',
    )
  })

  it('still says the rule when given no entries, without a retry hint', () => {
    expect(localBatchError([])).toBe(
      'tool_call takes exactly one entry for local tools; you sent 0. Only connectors__ names may be batched together.',
    )
  })

  it.each([[null], [undefined], ['x'], [[null, 1]], [[{ name: 1, arguments: 1n }]]])(
    'never throws on bad data (%s)',
    (entries) => {
      expect(typeof localBatchError(entries as unknown as ToolCallEntry[])).toBe('string')
    },
  )
})
