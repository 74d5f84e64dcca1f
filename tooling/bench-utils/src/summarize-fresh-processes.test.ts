import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import type { BenchRecord } from './run-bench.js'
import { summarizeFreshProcesses } from './summarize-fresh-processes.js'

function row(impl: string, opsPerSec: number, name = 'eight tools'): BenchRecord {
  return { package: '@x/p', case: name, impl, opsPerSec, samples: 10, note: `note of ${name}` }
}

// Three processes in which ours swings while ajv does not: the ratio of the
// median rates (150 / 100 = 1.5x) hides the worst process (0.5x).
const swinging = deepFreeze([
  [row('ours', 150), row('ajv', 100)],
  [row('ours', 50), row('ajv', 100)],
  [row('ours', 300), row('ajv', 120)],
])

describe('summarizeFreshProcesses', () => {
  it('gives each implementation the median rate over the processes, the summed samples and the process count', () => {
    expect(
      summarizeFreshProcesses(swinging).map(({ impl, opsPerSec, samples, processes }) => ({
        impl,
        opsPerSec,
        samples,
        processes,
      })),
    ).toEqual([
      { impl: 'ours', opsPerSec: 150, samples: 30, processes: 3 },
      { impl: 'ajv', opsPerSec: 100, samples: 30, processes: 3 },
    ])
  })

  it('takes each ratio inside one process, so the minimum shows the worst process', () => {
    const ajv = summarizeFreshProcesses(swinging).find((entry) => entry.impl === 'ajv')
    expect(ajv).toMatchObject({ ratios: [1.5, 0.5, 2.5], ratioMin: 0.5, ratioMedian: 1.5 })
  })

  it('gives ours no ratio against itself', () => {
    const ours = summarizeFreshProcesses(swinging).find((entry) => entry.impl === 'ours')!
    expect(ours).not.toHaveProperty('ratios')
    expect(ours).not.toHaveProperty('ratioMin')
    expect(ours).not.toHaveProperty('ratioMedian')
  })

  it('keeps the note', () => {
    expect(summarizeFreshProcesses(swinging).map((entry) => entry.note)).toEqual([
      'note of eight tools',
      'note of eight tools',
    ])
  })

  it.each([
    [
      'two processes: the median is the mean of both',
      [
        [1, 1],
        [1, 3],
      ],
      { ratios: [1, 0.333], ratioMin: 0.333, ratioMedian: 0.667 },
    ],
    ['ratios are rounded to three decimals', [[2, 3]], { ratios: [0.667], ratioMin: 0.667, ratioMedian: 0.667 }],
  ] as const)('%s', (_title, rates, expected) => {
    const runs = deepFreeze(rates.map(([ours, peer]) => [row('ours', ours), row('ajv', peer)]))
    expect(summarizeFreshProcesses(runs)[1]).toMatchObject(expected)
  })

  it('keeps the cases of one process apart, each ratio against its own case', () => {
    const runs = deepFreeze([
      [row('ours', 100, 'a'), row('ajv', 50, 'a'), row('ours', 10, 'b'), row('ajv', 40, 'b')],
      [row('ours', 100, 'a'), row('ajv', 100, 'a'), row('ours', 20, 'b'), row('ajv', 40, 'b')],
    ])
    expect(summarizeFreshProcesses(runs).map((entry) => [entry.case, entry.impl, entry.ratios])).toEqual([
      ['a', 'ours', undefined],
      ['a', 'ajv', [2, 1]],
      ['b', 'ours', undefined],
      ['b', 'ajv', [0.25, 0.5]],
    ])
  })

  it('throws naming the case when a process lacks a row the others have', () => {
    const runs = deepFreeze([[row('ours', 1), row('ajv', 1)], [row('ours', 1)]])
    expect(() => summarizeFreshProcesses(runs)).toThrow('eight tools / ajv: measured in 1 of 2 processes')
  })

  it('throws when a process has a peer but not ours', () => {
    const runs = deepFreeze([[row('ajv', 1)], [row('ajv', 2)]])
    expect(() => summarizeFreshProcesses(runs)).toThrow('eight tools: a process has no row for ours')
  })

  it('gives nothing for no processes', () => {
    expect(summarizeFreshProcesses([])).toEqual([])
  })
})
