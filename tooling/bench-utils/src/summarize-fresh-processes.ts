import { median } from './internal/median.js'
import type { BenchRecord } from './run-bench.js'

/**
 * Folds the rows of the same cases measured in several fresh processes into
 * one row per case and implementation.
 *
 * `opsPerSec` becomes the median over the processes, `samples` their sum,
 * and `processes` their count. Each peer row also gets `ratios` (ours ÷ this,
 * computed inside each process, where both ran side by side), `ratioMin` and
 * `ratioMedian`: the minimum shows the worst process, which a median over
 * processes hides. Ratios are rounded to three decimals.
 *
 * Throws an `Error` naming the case when a process lacks a row another one
 * has: the rows come from our own bench processes, and a missing one means a
 * process measured something else.
 *
 * @example
 * ```ts
 * summarizeFreshProcesses([
 *   [ours(200), ajv(100)],
 *   [ours(90), ajv(100)],
 * ]).find((row) => row.impl === 'ajv')
 * // => { ..., opsPerSec: 100, processes: 2, ratios: [2, 0.9], ratioMin: 0.9, ratioMedian: 1.45 }
 * ```
 */
export function summarizeFreshProcesses(runs: readonly (readonly BenchRecord[])[]): BenchRecord[] {
  const keys = new Map<string, { first: BenchRecord; rows: BenchRecord[] }>()
  for (const run of runs) {
    for (const row of run) {
      const key = JSON.stringify([row.package, row.case, row.impl])
      const group = keys.get(key)
      if (group === undefined) keys.set(key, { first: row, rows: [row] })
      else group.rows.push(row)
    }
  }
  const summary: BenchRecord[] = []
  for (const { first, rows } of keys.values()) {
    if (rows.length !== runs.length)
      throw new Error(`${first.case} / ${first.impl}: measured in ${rows.length} of ${runs.length} processes`)
    const record: BenchRecord = {
      package: first.package,
      case: first.case,
      impl: first.impl,
      opsPerSec: Math.round(median(rows.map((row) => row.opsPerSec))),
      samples: rows.reduce((sum, row) => sum + row.samples, 0),
      ...(first.note === undefined ? {} : { note: first.note }),
      processes: runs.length,
    }
    if (first.impl !== 'ours') {
      const ratios = runs.map((run) => {
        const ours = run.find((row) => row.case === first.case && row.impl === 'ours')
        const peer = run.find((row) => row.case === first.case && row.impl === first.impl)!
        if (ours === undefined) throw new Error(`${first.case}: a process has no row for ours`)
        return Math.round((ours.opsPerSec / peer.opsPerSec) * 1000) / 1000
      })
      record.ratios = ratios
      record.ratioMin = Math.min(...ratios)
      record.ratioMedian = Math.round(median(ratios) * 1000) / 1000
    }
    summary.push(record)
  }
  return summary
}
