import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareCommand, formatComparison } from '../cli/compare-command.js'
import { parseCliOptions } from '../cli/options.js'
import { readAndTicketMcp } from '../scenarios/mcp-scenarios.js'
import type { ScenarioSetup } from '../scenarios/types.js'
import { runComparison, type Comparison } from './run-comparison.js'

// Both contracts run against the same real servers (one spawn for the file),
// with no simulated model latency: counts do not depend on time.
let setup: ScenarioSetup
let comparisons: Comparison[]

beforeAll(async () => {
  setup = await readAndTicketMcp.setup()
  comparisons = await runComparison(setup, { entries: [2, 3], modelLatencyMs: 0 })
}, 30_000)
afterAll(() => setup.close())

const of = (entries: number): Comparison => comparisons.find((comparison) => comparison.entries === entries)!

describe('compare: old contract (batch rejected, re-issued) against new (split)', () => {
  it('reproduces seed 004 for two entries: 9 messages before, 7 after', () => {
    expect([of(2).old.messages, of(2).new.messages]).toEqual([9, 7])
  })

  it('reports three entries: 10 messages before, 8 after', () => {
    expect([of(3).old.messages, of(3).new.messages]).toEqual([10, 8])
  })

  it('costs the old contract one model round trip more, whatever the batch size', () => {
    expect(comparisons.map((comparison) => [comparison.old.roundTrips, comparison.new.roundTrips])).toEqual([
      [4, 3],
      [4, 3],
    ])
  })

  it('rejects the batch under the old contract, then runs every re-issued entry once', () => {
    expect(of(3).old.statuses).toEqual(['ok', 'batch_rejected', 'ok', 'ok', 'ok'])
  })

  it('runs every entry of the split batch once under the new contract', () => {
    expect(of(3).new.statuses).toEqual(['ok', 'ok', 'ok', 'ok'])
  })

  it('is what `agent-demo compare` prints, against its own servers', async () => {
    let text = ''
    const code = await compareCommand(parseCliOptions(['compare', '--model-latency', '0', '--entries', '2'], {}, false), {
      write: (chunk) => void (text += chunk),
      onInterrupt: () => () => {},
    })
    expect(code).toBe(0)
    expect(text).toMatch(/2 entries in one tool_call\n.*\n\s+messages\s+9\s+7\n\s+model round trips\s+4\s+3\n/)
  }, 20_000)

  it('prints messages, round trips and wall time side by side', () => {
    const text = formatComparison({ ...of(2), old: { ...of(2).old, wallMs: 2200 }, new: { ...of(2).new, wallMs: 1520 } })
    expect(text).toContain('2 entries in one tool_call')
    expect(text).toMatch(/messages\s+9\s+7/)
    expect(text).toMatch(/model round trips\s+4\s+3/)
    expect(text).toMatch(/wall time\s+2\.20 s\s+1\.52 s/)
  })
})
