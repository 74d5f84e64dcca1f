import type { Guardrail } from '../loop/types.js'

/**
 * A guardrail that allows at most `max` tool calls per assistant turn. It
 * counts the expanded list (after the split), like every per-turn count of
 * the loop: a batch of three entries is three calls, and the entries past the
 * budget are blocked one by one, each with its own result.
 *
 * @example
 * callBudget(2).check({ entryIndex: 2, turnCallCount: 3, ... })
 * // => 'this turn has 3 tool calls; the budget is 2 per turn'
 */
export function callBudget(max: number): Guardrail {
  if (!Number.isInteger(max) || max < 1)
    throw new TypeError(`callBudget expects a positive integer, received ${String(max)}`)
  return {
    name: 'call-budget',
    check: (event) =>
      event.entryIndex < max
        ? undefined
        : `this turn has ${event.turnCallCount} tool calls; the budget is ${max} per turn`,
  }
}
