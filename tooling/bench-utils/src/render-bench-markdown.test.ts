import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { renderBenchMarkdown } from '../../../scripts/render-bench-markdown.mjs'

const recordedAt = new Date('2026-12-01T12:00:00Z')

function sections(markdown: string): string[] {
  return markdown.split('\n## ').slice(1)
}

describe('renderBenchMarkdown', () => {
  it('lists ours first and each peer with ours ÷ this from the same run', () => {
    const rows = deepFreeze([
      { package: '@x/p', case: 'warm', impl: 'ajv', opsPerSec: 2_000_000, samples: 80 },
      { package: '@x/p', case: 'warm', impl: 'ours', opsPerSec: 3_000_000, samples: 80, note: 'precompiled' },
    ])
    expect(sections(renderBenchMarkdown('@x/p', rows, recordedAt))).toEqual([
      [
        'warm',
        '',
        '| implementation | ops/s | ours ÷ this |',
        '| --- | ---: | ---: |',
        '| ours | 3,000,000 |  |',
        '| ajv | 2,000,000 | 1.50x |',
        '',
        'Note: precompiled',
        '',
      ].join('\n'),
    ])
  })

  it('shows a case of several fresh processes with the median and minimum ratio, then each process', () => {
    const rows = deepFreeze([
      { package: '@x/p', case: 'tools', impl: 'ours', opsPerSec: 900, samples: 400, processes: 5 },
      {
        package: '@x/p',
        case: 'tools',
        impl: 'ajv',
        opsPerSec: 1000,
        samples: 400,
        processes: 5,
        ratios: [1.1, 0.75, 1.02, 0.9, 1.3],
        ratioMin: 0.75,
        ratioMedian: 1.02,
      },
    ])
    expect(sections(renderBenchMarkdown('@x/p', rows, recordedAt))).toEqual([
      [
        'tools',
        '',
        '| implementation | ops/s | ours ÷ this |',
        '| --- | ---: | ---: |',
        '| ours | 900 |  |',
        '| ajv | 1,000 | 1.02x median, 0.75x min |',
        '',
        'Measured in 5 fresh Node processes, one after the other; ops/s is the median over the processes, and ours ÷ this is taken inside each process.',
        '',
        '- ours ÷ ajv in each process: 1.10x, 0.75x, 1.02x, 0.90x, 1.30x.',
        '',
      ].join('\n'),
    ])
  })

  it('dates the file by the day it was recorded', () => {
    expect(renderBenchMarkdown('@x/p', [], recordedAt)).toContain('on 2026-12-01 from `bench/results.json`')
  })
})
