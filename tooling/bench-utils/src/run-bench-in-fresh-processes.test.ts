import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import type { BenchRecord } from './run-bench.js'
import { runBenchInFreshProcesses } from './run-bench-in-fresh-processes.js'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const fixture = fileURLToPath(new URL('./test-support/fresh-processes-fixture.ts', import.meta.url))
const scratch = mkdtempSync(join(tmpdir(), 'fresh-processes-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

let runs = 0

function runFixture(env: Record<string, string>): { stdout: string; rows: BenchRecord[]; log: string[] } {
  runs++
  const out = join(scratch, `run-${runs}-rows.jsonl`)
  const log = join(scratch, `run-${runs}-log.txt`)
  const stdout = execFileSync(process.execPath, ['--import', 'tsx', fixture], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, BENCH_OUT: out, FIXTURE_LOG: log, BENCH_TIME_MS: '20', ...env },
  })
  const lines = (path: string): string[] => readFileSync(path, 'utf8').split('\n').filter(Boolean)
  return { stdout, rows: lines(out).map((line) => JSON.parse(line) as BenchRecord), log: lines(log) }
}

describe('runBenchInFreshProcesses', () => {
  it('measures in a smoke run in two fresh processes, none of them the parent', { timeout: 60_000 }, () => {
    const { stdout, log } = runFixture({ BENCH_SMOKE: '1' })
    const parent = /top level ran in (\d+)\n$/.exec(stdout)?.[1]
    expect(log.map((line) => line.split(' ')[0])).toEqual(['1', '2'])
    const pids = log.map((line) => line.split(' ')[1])
    expect(new Set(pids).size).toBe(2)
    expect(pids).not.toContain(parent)
  })

  it('records one summary row per implementation, with each process ratio', { timeout: 60_000 }, () => {
    const { stdout, rows } = runFixture({ BENCH_SMOKE: '1' })
    expect(rows.map((row) => [row.case, row.impl, row.processes])).toEqual([
      ['count', 'ours', 2],
      ['count', 'ours, twice', 2],
    ])
    const peer = rows[1]!
    expect(peer.ratios).toHaveLength(2)
    expect(peer.ratioMin).toBe(Math.min(...peer.ratios!))
    expect(stdout).toContain('ours/this in 2 fresh processes:')
  })

  it('rejects a process count that is not a positive integer, saying what it received', () => {
    expect(() => runBenchInFreshProcesses('@x/p', fixture, () => [], { processes: 0 })).toThrow(
      new TypeError('processes: expected a positive integer, received 0'),
    )
  })
})
