#!/usr/bin/env node
// agent-demo: the reference turn loop, runnable offline. See README.md.
import type { CliIo } from './cli/cli-io.js'
import {
  chatCommand,
  describeScenarios,
  replayCommand,
  runCommand,
  sessionsCommand,
  showCommand,
} from './cli/commands.js'
import { parseCliOptions } from './cli/options.js'
import { compareCommand } from './cli/compare-command.js'
import { resumeCommand } from './cli/resume-command.js'
import { DEMO_SCENARIO } from './scenarios/all-scenarios.js'

const HELP = `usage: agent-demo <command> [options]

commands:
  demo                 read two files and open a ticket, against the real MCP servers
  run <scenario>       run a scenario with its recorded model script
  replay <session>     run a recorded session again; exit 1 unless the transcript is identical
  resume <session>     after a crash: "interrupted" results for unfinished calls, then carry on
  sessions             list stored sessions
  show <session>       print a stored session with its before/after tables
  compare              what each fix saves: the task with coercion, key restore, the split off in turn
  chat [scenario]      interactive: Enter runs the scenario, /stop stops the batch, /quit leaves

options:
  --json               one JSON object per line
  --store sqlite|jsonl|memory
                       where sessions go (default sqlite: <dir>/sessions.db)
  --dir <folder>       data folder (default $AGENT_DEMO_DATA or apps/agent-demo/.data/sessions)
  --latency <ms>       simulated time per tool call (to try Ctrl-C or /stop)
  --model-latency <ms> compare: simulated model time per round trip (default 500)
  --entries 2,3        compare: batch sizes to measure (default 3)
  --live               chat with the OpenAI-compatible model named by AGENT_DEMO_BASE_URL,
                       AGENT_DEMO_API_KEY and AGENT_DEMO_MODEL (never needed by the demo or tests)
  --all                before/after tables list unchanged arguments too
  --provider <name>    prepare the tools for a provider: anthropic, openai, openai-strict,
                       gemini, bedrock, mistral, generic (default: generic)
  --no-color           plain text even on a terminal

scenarios:
`

async function main(argv: readonly string[]): Promise<number> {
  const options = parseCliOptions(argv, process.env, process.stdout.isTTY === true)
  const io: CliIo = {
    write: (text) => void process.stdout.write(text),
    onInterrupt(handler) {
      // First Ctrl-C stops the batch (entries not started are skipped, every
      // call keeps its result); a second one leaves at once.
      let interrupted = false
      const listener = (): void => {
        if (interrupted) process.exit(130)
        interrupted = true
        process.stderr.write('\nstopping: entries not started are skipped (Ctrl-C again to quit)\n')
        handler()
      }
      process.on('SIGINT', listener)
      return () => void process.off('SIGINT', listener)
    },
  }
  const [first] = options.positional
  switch (options.command) {
    case 'demo':
      return runCommand(options, io, DEMO_SCENARIO)
    case 'run':
      return runCommand(options, io, first ?? DEMO_SCENARIO)
    case 'resume':
      if (first === undefined) throw new TypeError('resume expects a session id')
      return resumeCommand(options, io, first)
    case 'compare':
      return compareCommand(options, io)
    case 'replay':
      if (first === undefined) throw new TypeError('replay expects a session id')
      return replayCommand(options, io, first)
    case 'sessions':
      return sessionsCommand(options, io)
    case 'show':
      if (first === undefined) throw new TypeError('show expects a session id')
      return showCommand(options, io, first)
    case 'chat':
      return chatCommand(options, io, first ?? 'read-and-ticket', process.stdin)
    case 'help':
      process.stdout.write(`${HELP}${describeScenarios()}\n`)
      return 0
    default:
      process.stderr.write(`unknown command '${options.command}'\n\n${HELP}${describeScenarios()}\n`)
      return 2
  }
}

// `agent-demo run --json | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`agent-demo: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  },
)
