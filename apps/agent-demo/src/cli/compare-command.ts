import { readAndTicketMcp } from '../scenarios/mcp-scenarios.js'
import { runComparison, type Comparison } from '../compare/run-comparison.js'
import type { CliIo } from './commands.js'
import type { CliOptions } from './options.js'

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`

/** The side-by-side table for one batch size. */
export function formatComparison(comparison: Comparison): string {
  const row = (label: string, old: string, fresh: string): string => `  ${label.padEnd(20)}${old.padEnd(36)}${fresh}\n`
  return (
    `\n${comparison.entries} entries in one tool_call\n` +
    row('', 'old contract (rejected, re-issued)', 'new contract (split)') +
    row('messages', String(comparison.old.messages), String(comparison.new.messages)) +
    row('model round trips', String(comparison.old.roundTrips), String(comparison.new.roundTrips)) +
    row('wall time', seconds(comparison.old.wallMs), seconds(comparison.new.wallMs))
  )
}

/**
 * `compare`: the measurement the project exists for. Starts the real servers
 * once (fresh workspace) and runs the task under both contracts for each
 * batch size, with `--model-latency` ms of simulated model time per round trip.
 */
export async function compareCommand(options: CliOptions, io: CliIo): Promise<number> {
  const setup = await readAndTicketMcp.setup()
  try {
    const comparisons = await runComparison(setup, { entries: options.entries, modelLatencyMs: options.modelLatency })
    if (options.json) {
      for (const comparison of comparisons) io.write(`${JSON.stringify({ type: 'comparison', modelLatencyMs: options.modelLatency, ...comparison })}\n`)
      return 0
    }
    io.write(`"read these files and open a ticket" against the real files/git/tickets servers; simulated model latency ${options.modelLatency} ms per round trip\n`)
    for (const comparison of comparisons) io.write(formatComparison(comparison))
    io.write('\nseed 004 (recorded sessions, two entries): 9 messages / 33 s before, 7 messages / 16 s after\n')
    return 0
  } finally {
    await setup.close()
  }
}
