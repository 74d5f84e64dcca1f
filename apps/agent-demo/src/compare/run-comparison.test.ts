import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareCommand, formatComparison } from '../cli/compare-command.js'
import { parseCliOptions } from '../cli/options.js'
import { readAndTicketMcp } from '../scenarios/mcp-scenarios.js'
import type { ScenarioSetup } from '../scenarios/types.js'
import { runComparison, type Comparison, type SettingRun } from './run-comparison.js'

// Every setting runs against the same real servers (one spawn for the file),
// with no simulated model latency: counts do not depend on time.
let setup: ScenarioSetup
let comparisons: Comparison[]

beforeAll(async () => {
  setup = await readAndTicketMcp.setup()
  comparisons = await runComparison(setup, { entries: [2, 3], modelLatencyMs: 0 })
}, 60_000)
afterAll(() => setup.close())

const run = (entries: number, label: string): SettingRun =>
  comparisons
    .find((comparison) => comparison.entries === entries)!
    .runs.find((candidate) => candidate.setting.label === label)!
const counts = (entries: number): [string, number, number][] =>
  comparisons
    .find((comparison) => comparison.entries === entries)!
    .runs.map((candidate) => [candidate.setting.label, candidate.messages, candidate.roundTrips])

describe('compare: each fix off in turn, against the real servers', () => {
  it('measures three entries: every missing fix costs the model a round trip', () => {
    expect(counts(3)).toEqual([
      ['all three fixes on', 8, 3],
      ['coercion off', 10, 4],
      ['key restore off', 10, 4],
      ['batch split off', 10, 4],
      ['all three off', 13, 5],
    ])
  })

  it('keeps the two-entry batch split measurement: 9 messages before, 7 after; no ticket, so key restore changes nothing', () => {
    expect(counts(2)).toEqual([
      ['all three fixes on', 7, 3],
      ['coercion off', 9, 4],
      ['key restore off', 7, 3],
      ['batch split off', 9, 4],
      ['all three off', 11, 5],
    ])
  })

  it('without coercion, the files server refuses "5" and the model sends 5', () => {
    expect(run(3, 'coercion off').statuses).toEqual(['ok', 'ok', 'tool_error', 'ok', 'ok'])
  })

  it('without key restore, the tickets server refuses first_name and the model sends "first name"', () => {
    expect(run(3, 'key restore off').statuses).toEqual(['ok', 'ok', 'ok', 'tool_error', 'ok'])
  })

  it('without the split, the batch is rejected and re-issued one entry per call', () => {
    expect(run(3, 'batch split off').statuses).toEqual(['ok', 'batch_rejected', 'ok', 'ok', 'ok'])
  })

  it('with all three off, the costs add up', () => {
    expect(run(3, 'all three off').statuses).toEqual([
      'ok',
      'batch_rejected',
      'ok',
      'tool_error',
      'tool_error',
      'ok',
      'ok',
    ])
  })

  it('runs every entry once, first time, with all three fixes on', () => {
    expect(run(3, 'all three fixes on').statuses).toEqual(['ok', 'ok', 'ok', 'ok'])
  })

  it('prints one table: a row per setting with messages, round trips, wall time and what each missing fix cost', () => {
    const comparison = comparisons.find((candidate) => candidate.entries === 3)!
    const text = formatComparison({
      ...comparison,
      runs: comparison.runs.map((candidate, index) => ({ ...candidate, wallMs: 1000 + index * 500 })),
    })
    expect(text).toContain('3 entries in one tool_call')
    expect(text).toMatch(/messages\s+model round trips\s+wall time\n/u)
    expect(text).toMatch(/all three fixes on\s+8\s+3\s+1\.00 s\n/u)
    expect(text).toMatch(/coercion off\s+10 \(\+2\)\s+4 \(\+1\)\s+1\.50 s\n/u)
    expect(text).toMatch(/all three off\s+13 \(\+5\)\s+5 \(\+2\)\s+3\.00 s\n/u)
  })

  it('measures the same with the tools prepared for openai-strict (restoreCall when both argument fixes are on)', async () => {
    const [strict] = await runComparison(setup, { entries: [3], modelLatencyMs: 0, provider: 'openai-strict' })
    expect(
      strict!.runs.map((candidate) => [
        candidate.setting.label,
        candidate.messages,
        candidate.roundTrips,
        candidate.statuses.join(' '),
      ]),
    ).toEqual(
      comparisons
        .find((comparison) => comparison.entries === 3)!
        .runs.map((candidate) => [
          candidate.setting.label,
          candidate.messages,
          candidate.roundTrips,
          candidate.statuses.join(' '),
        ]),
    )
  }, 30_000)

  it('is what `agent-demo compare` prints, against its own servers', async () => {
    let text = ''
    const code = await compareCommand(parseCliOptions(['compare', '--model-latency', '0'], {}, false), {
      write: (chunk) => void (text += chunk),
      onInterrupt: () => () => {},
    })
    expect(code).toBe(0)
    expect(text).toMatch(
      /3 entries in one tool_call\n.*\n\s+all three fixes on\s+8\s+3\s+\d+\.\d\d s\n\s+coercion off\s+10 \(\+2\)\s+4 \(\+1\)/u,
    )
  }, 30_000)
})
