import { execFileSync } from 'node:child_process'
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runBench } from './run-bench.js'
import type { BenchCase, BenchRecord } from './run-bench.js'
import { summarizeFreshProcesses } from './summarize-fresh-processes.js'

/** How many processes `runBenchInFreshProcesses` starts. */
export interface FreshProcessesOptions {
  /** Processes of a full run (default 5). A smoke run starts at most 2. */
  processes?: number
}

// Set in the children only: which run this is (1-based), so a child measures
// instead of starting children of its own.
const childVariable = 'BENCH_FRESH_PROCESS'

/**
 * Measures cases in several fresh Node processes, one after the other, and
 * records one row per implementation with the spread across processes.
 *
 * Some slowdowns depend on what V8 happened to see first in a process
 * (which shapes a shared call site met, when it gave up on optimizing): a
 * single process shows one draw of that. Call this at the top level of a
 * bench file that holds only these cases, passing `import.meta.url`: the
 * file starts itself again once per process with the same Node flags; each
 * child builds the cases (`makeCases` runs in the children only, so the
 * parent's own warm-up never reaches them), measures them with `runBench`
 * and prints its table, ours ÷ each peer included. The parent then appends
 * the rows of {@link summarizeFreshProcesses} (median rate, ours ÷ peer in
 * each process, its minimum and median) to `BENCH_OUT`, prints them, and
 * returns them; in a child it returns the child's own rows.
 *
 * @example
 * ```ts
 * runBenchInFreshProcesses('@x/arg-coerce', import.meta.url, () => [
 *   { name: 'eight tools in turn', impls: { ours: () => ..., ajv: () => ... } },
 * ])
 * ```
 */
export function runBenchInFreshProcesses(
  packageName: string,
  benchFile: string | URL,
  makeCases: () => BenchCase[],
  options: FreshProcessesOptions = {},
): BenchRecord[] {
  if (process.env[childVariable] !== undefined) return runBench(packageName, makeCases())
  const requested = options.processes ?? 5
  if (!Number.isInteger(requested) || requested < 1)
    throw new TypeError(`processes: expected a positive integer, received ${String(requested)}`)
  const count = process.env['BENCH_SMOKE'] === '1' ? Math.min(requested, 2) : requested
  const file = benchFile instanceof URL || benchFile.startsWith('file:') ? fileURLToPath(benchFile) : benchFile
  const scratch = mkdtempSync(join(tmpdir(), 'bench-fresh-'))
  const runs: BenchRecord[][] = []
  try {
    for (let index = 1; index <= count; index++) {
      const out = join(scratch, `process-${index}.jsonl`)
      try {
        execFileSync(process.execPath, [...process.execArgv, file], {
          stdio: 'inherit',
          env: { ...process.env, [childVariable]: String(index), BENCH_OUT: out },
        })
      } catch (error) {
        // The child printed its own error; its stack through here says nothing more.
        throw new Error(`${file}: fresh process ${index} of ${count} failed`, { cause: error })
      }
      if (!existsSync(out)) throw new Error(`${file}: process ${index} recorded no rows`)
      runs.push(
        readFileSync(out, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as BenchRecord),
      )
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  const summary = summarizeFreshProcesses(runs)
  for (const row of summary) {
    if (row.ratios === undefined) continue
    const each = row.ratios.map((ratio) => `${ratio.toFixed(2)}x`).join(' ')
    console.log(
      `${packageName.padEnd(16)} ${row.case.padEnd(40)} ${row.impl.padEnd(36)} ours/this in ${count} fresh processes: ${each}; min ${row.ratioMin!.toFixed(2)}x, median ${row.ratioMedian!.toFixed(2)}x`,
    )
  }
  const out = process.env['BENCH_OUT']
  if (out) appendFileSync(out, summary.map((record) => JSON.stringify(record)).join('\n') + '\n')
  return summary
}
