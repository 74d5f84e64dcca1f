import { describe, expect, it } from 'vitest'
import { MAX_ITERATIONS, calibrate } from './calibrate.js'

// A simulated operation on a simulated clock: call number `call` (0-based)
// costs `cost(call)` milliseconds, so the tests never depend on this
// machine's speed or load.
function simulate(cost: (call: number) => number): { run: (iterations: number) => void; clock: () => number } {
  let now = 0
  let calls = 0
  return {
    run: (iterations) => {
      for (let index = 0; index < iterations; index++) now += cost(calls++)
    },
    clock: () => now,
  }
}

function calibrated(cost: (call: number) => number, batchMs = 10, warmupMs = 50): number {
  const { run, clock } = simulate(cost)
  return calibrate(run, { batchMs, warmupMs, clock })
}

describe('calibrate', () => {
  it.each([
    { name: 'a steady 1 µs call', cost: 0.001, expected: 10_000 },
    { name: 'a steady 0.1 ms call', cost: 0.1, expected: 100 },
    { name: 'a steady 4 ms call', cost: 4, expected: 3 },
    { name: 'a call longer than the batch', cost: 50, expected: 1 },
  ])('sizes a batch of about batchMs for $name', ({ cost, expected }) => {
    expect(calibrated(() => cost)).toBe(expected)
  })

  // Four tools called in turn, each generating its code on its second call:
  // the first few calls cost milliseconds, every later one a microsecond.
  it('sizes the batch by the steady speed when the first calls do work once', () => {
    const oneTime = (call: number): number => (call < 4 ? 5 : 0.001)
    expect(calibrated(oneTime)).toBe(10_000)
  })

  it('decides on a batch that began after the warm-up', () => {
    // A one-time cost longer than the whole warm-up, in the very first call.
    expect(calibrated((call) => (call === 0 ? 80 : 0.001))).toBe(10_000)
  })

  it('stops growing at MAX_ITERATIONS for a call too fast to time', () => {
    // A clock that never moves: no batch is ever long enough.
    expect(calibrate(() => {}, { batchMs: 10, warmupMs: 50, clock: () => 0 })).toBe(MAX_ITERATIONS)
  })
})
