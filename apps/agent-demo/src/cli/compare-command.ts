import { runComparison, type Comparison } from '../compare/run-comparison.js'
import { DEFAULT_PROVIDER } from '../loop/session-tools.js'
import { readAndTicketMcp } from '../scenarios/mcp-scenarios.js'
import type { CliIo } from './cli-io.js'
import type { CliOptions } from './options.js'

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`

/** The table for one batch size: one row per fix setting, the cost of each fix's absence beside it. */
export function formatComparison(comparison: Comparison): string {
  const base = comparison.runs[0]!
  const extra = (value: number, of: number): string => (value === of ? '' : ` (+${value - of})`)
  const rows = comparison.runs.map((run) => [
    run.setting.label,
    `${run.messages}${extra(run.messages, base.messages)}`,
    `${run.roundTrips}${extra(run.roundTrips, base.roundTrips)}`,
    seconds(run.wallMs),
  ])
  const header = ['', 'messages', 'model round trips', 'wall time']
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)))
  const line = (row: readonly string[]): string =>
    `  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ')}\n`
  return `\n${comparison.entries} entries in one tool_call\n${line(header)}${rows.map(line).join('')}`
}

/**
 * `compare`: what each fix saves. Starts the real servers once (fresh
 * workspace) and runs the task with each fix off in turn, all three off and
 * all on, for each batch size, with `--model-latency` ms of simulated model
 * time per round trip.
 */
export async function compareCommand(options: CliOptions, io: CliIo): Promise<number> {
  const setup = await readAndTicketMcp.setup()
  try {
    const comparisons = await runComparison(setup, {
      entries: options.entries,
      modelLatencyMs: options.modelLatency,
      ...(options.provider === undefined ? {} : { provider: options.provider }),
    })
    if (options.json) {
      for (const comparison of comparisons) {
        for (const run of comparison.runs) {
          io.write(
            `${JSON.stringify({ type: 'comparison', entries: comparison.entries, modelLatencyMs: options.modelLatency, provider: options.provider ?? DEFAULT_PROVIDER, ...run })}\n`,
          )
        }
      }
      return 0
    }
    io.write(
      `"read these files and open a ticket" against the real files, git and tickets servers, each fix turned off in turn;\n` +
        `with a fix off, the tool's validation error (or the batch's correction) goes back to the model, which sends fixed calls.\n` +
        `Tools prepared for ${options.provider ?? DEFAULT_PROVIDER} (@x/provider-schema); ` +
        `simulated model latency ${options.modelLatency} ms per round trip; (+n) is what the missing fix cost.\n`,
    )
    for (const comparison of comparisons) io.write(formatComparison(comparison))
    return 0
  } finally {
    await setup.close()
  }
}
