/** Largest batch: an operation too fast to reach a quarter batch below it is timed at this size. */
export const MAX_ITERATIONS = 1 << 26

/** What `calibrate` needs: the batch it aims at, how long to warm up, and a clock in milliseconds. */
export interface CalibrateOptions {
  /** The length of one measured batch. */
  batchMs: number
  /** Calibration time before an estimate may decide (see calibrate). */
  warmupMs: number
  /** The current time in milliseconds (`performance.now` in the harness). */
  clock: () => number
}

/**
 * How many calls make one batch of about `batchMs`, by running batches of
 * growing size through `run(iterations)`.
 *
 * A batch of at least a quarter of `batchMs` gives an estimate, but only one
 * that began after `warmupMs` of calibration decides: earlier ones just set
 * the next size. Work done once per input lands in the first calls (a
 * schema's first calls compile it; from its second call arg-coerce generates
 * code), and with several inputs called in turn it is spread over several
 * of them: deciding on the first slow batch sized every batch of a case to
 * a handful of calls, so each sample timed code V8 had not yet optimized,
 * plus the timer, and the case reported a fraction of its steady speed that
 * changed from process to process with how long that first batch took.
 */
export function calibrate(run: (iterations: number) => void, options: CalibrateOptions): number {
  const { batchMs, warmupMs, clock } = options
  const started = clock()
  let iterations = 1
  for (;;) {
    const start = clock()
    run(iterations)
    const elapsed = clock() - start
    if (elapsed < batchMs / 4) {
      if (iterations >= MAX_ITERATIONS) return MAX_ITERATIONS
      iterations = Math.min(iterations * 4, MAX_ITERATIONS)
      continue
    }
    const estimate = Math.max(1, Math.round((iterations * batchMs) / elapsed))
    if (start - started >= warmupMs) return estimate
    iterations = estimate
  }
}
