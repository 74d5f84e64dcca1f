import { describe, expect, it } from 'vitest'
import { COMPARE_ENTRIES, compareScripts } from './compare-scripts.js'

const names = (turn: { tool_calls?: readonly { function: { name: string; arguments: string } }[] }) =>
  (turn.tool_calls ?? []).map((call) => (JSON.parse(call.function.arguments) as { calls?: { name: string }[] }).calls?.map((entry) => entry.name) ?? call.function.name)

describe('compareScripts', () => {
  it('sends every entry in one tool_call under both contracts', () => {
    const scripts = compareScripts(COMPARE_ENTRIES.slice(0, 2))
    expect(names(scripts.new.turns[1]!)).toEqual([['mcp__files__read', 'mcp__files__read']])
    expect(names(scripts.old.turns[1]!)).toEqual([['mcp__files__read', 'mcp__files__read']])
  })

  it('re-issues the entries one per tool_call under the old contract, as the correction demands', () => {
    const { old } = compareScripts(COMPARE_ENTRIES)
    expect(names(old.turns[2]!)).toEqual([['mcp__files__read'], ['mcp__files__read'], ['mcp__tickets__create']])
    expect(old.turns[2]!.tool_calls!.map((call) => call.id)).toEqual(['call_retry_01', 'call_retry_02', 'call_retry_03'])
  })

  it('gives the old contract exactly one turn more', () => {
    const scripts = compareScripts(COMPARE_ENTRIES)
    expect([scripts.old.turns.length, scripts.new.turns.length]).toEqual([4, 3])
  })
})
