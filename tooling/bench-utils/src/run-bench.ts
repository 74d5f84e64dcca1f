import { appendFileSync } from 'node:fs'
import { calibrate } from './internal/calibrate.js'
import { median } from './internal/median.js'

/** One measured situation, with our implementation and its peers. */
export interface BenchCase {
  /** Short, stable name: it is the key in `bench/results.json`. */
  name: string
  /** `ours` plus one entry per peer, keyed by the peer's npm name. */
  impls: Record<string, () => unknown>
  /** What makes the comparison fair or unfair (a peer doing more work, ...). */
  note?: string
}

/** One row of `bench/results.json`. */
export interface BenchRecord {
  package: string
  case: string
  impl: string
  opsPerSec: number
  samples: number
  note?: string
  /**
   * Set when the case ran in several fresh processes
   * (`runBenchInFreshProcesses`): how many. `opsPerSec` is then the median
   * over the processes of each one's median rate.
   */
  processes?: number
  /** Peers of such a case: ours ÷ this, measured inside each process, in run order. */
  ratios?: number[]
  /** Peers of such a case: the lowest of `ratios` (the worst process for ours). */
  ratioMin?: number
  /** Peers of such a case: the median of `ratios`. */
  ratioMedian?: number
}

// Operations here take tens of nanoseconds: a timer around each call would
// measure the timer. Each sample is a batch of calls timed as one, and the
// implementations of a case take turns batch by batch so that a noisy moment
// of a shared machine hits all of them alike.
const smoke = process.env['BENCH_SMOKE'] === '1'
const batchMs = smoke ? 2 : 10
const budgetMs = Number(process.env['BENCH_TIME_MS'] ?? (smoke ? 20 : 800))
// Long enough for the work an input needs once to be over before the batch
// size is decided (see calibrate), short against the budget of a case.
const warmupMs = 5 * batchMs

let sink: unknown

type Loop = (fn: () => unknown, iterations: number) => unknown

// Each implementation gets a loop of its own, compiled separately, so the
// call inside it stays monomorphic: a loop shared by all implementations
// lets V8's inline caches favour whichever ran first, and run-to-run swings
// of 2x were seen. `new Function` is confined to this benchmark harness; no
// shipped package uses it.
function makeLoop(): Loop {
  // eslint-disable-next-line no-new-func
  return new Function(
    'fn',
    'iterations',
    'let result; for (let index = 0; index < iterations; index++) result = fn(); return result',
  ) as Loop
}

/**
 * Measures every case of a package, ours and peers side by side in this one
 * process, prints a table with each peer's speed relative to ours, and
 * appends the rows to the file named by `BENCH_OUT` (JSON lines) for
 * `scripts/bench.mjs` to collect into `bench/results.json`.
 */
export function runBench(packageName: string, cases: BenchCase[]): BenchRecord[] {
  const records: BenchRecord[] = []
  for (const benchCase of cases) {
    const names = Object.keys(benchCase.impls)
    const plans = names.map((impl) => {
      const fn = benchCase.impls[impl]!
      fn()
      const loop = makeLoop()
      const iterations = calibrate(
        (count) => {
          sink = loop(fn, count)
        },
        { batchMs, warmupMs, clock: () => performance.now() },
      )
      return { impl, fn, loop, iterations, rates: [] as number[] }
    })
    const rounds = Math.max(3, Math.round(budgetMs / batchMs))
    for (let round = 0; round < rounds; round++) {
      for (let turn = 0; turn < plans.length; turn++) {
        const plan = plans[(round + turn) % plans.length]!
        const start = performance.now()
        sink = plan.loop(plan.fn, plan.iterations)
        const elapsed = performance.now() - start
        plan.rates.push((plan.iterations * 1000) / Math.max(elapsed, 1e-6))
      }
    }
    const ours = plans.find((plan) => plan.impl === 'ours')
    const oursRate = ours ? median(ours.rates) : undefined
    for (const plan of plans) {
      const record: BenchRecord = {
        package: packageName,
        case: benchCase.name,
        impl: plan.impl,
        opsPerSec: Math.round(median(plan.rates)),
        samples: plan.rates.length,
        ...(benchCase.note === undefined ? {} : { note: benchCase.note }),
      }
      records.push(record)
      const ratio = oursRate === undefined ? '' : `  ours/this ${(oursRate / record.opsPerSec).toFixed(2)}x`
      console.log(
        `${packageName.padEnd(16)} ${benchCase.name.padEnd(40)} ${plan.impl.padEnd(36)} ${record.opsPerSec
          .toLocaleString('en-US')
          .padStart(14)} ops/s${plan.impl === 'ours' ? '' : ratio}`,
      )
    }
  }
  const out = process.env['BENCH_OUT']
  if (out) appendFileSync(out, records.map((record) => JSON.stringify(record)).join('\n') + '\n')
  if (sink === Symbol.for('never')) console.log('')
  return records
}
