// Time and ids are injected so a session can be replayed exactly: nothing in
// the loop reads Date.now() or Math.random().

/** A source of time in milliseconds since the epoch. */
export interface Clock {
  now(): number
}

/** A source of ids (session ids; call ids come from the model and batch-split). */
export interface IdGenerator {
  next(prefix: string): string
}

/**
 * A deterministic clock: starts at `start` and moves `step` ms on every read,
 * so durations are stable across runs and replays.
 *
 * @example
 * const clock = createStepClock(0, 5)
 * clock.now() // => 0
 * clock.now() // => 5
 */
export function createStepClock(start = Date.UTC(2026, 9, 2), step = 1): Clock {
  let current = start - step
  return {
    now() {
      current += step
      return current
    },
  }
}

/** The real clock, for timings a person wants to read (`--real-time`). */
export const systemClock: Clock = { now: () => Date.now() }

/**
 * Sequential ids: `<prefix>-<seed>-0001`, `<prefix>-<seed>-0002`, ...
 *
 * @example
 * const ids = createSequentialIds('demo')
 * ids.next('session') // => 'session-demo-0001'
 */
export function createSequentialIds(seed: string, start = 1): IdGenerator {
  let count = start - 1
  return {
    next(prefix: string) {
      count += 1
      return `${prefix}-${seed}-${String(count).padStart(4, '0')}`
    },
  }
}
