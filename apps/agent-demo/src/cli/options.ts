import { fileURLToPath } from 'node:url'

/** Sessions folder by default: `apps/agent-demo/.data/sessions` (git-ignored), wherever the CLI is run from. */
export const DEFAULT_SESSIONS_DIR = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../.data/sessions' : '../../.data/sessions', import.meta.url))

/** Command-line flags shared by the commands. */
export interface CliOptions {
  readonly command: string
  readonly positional: readonly string[]
  readonly json: boolean
  readonly color: boolean
  /** `jsonl` (default) or `memory`. */
  readonly store: string
  /** Folder of the JSONL store. */
  readonly dir: string
  /** Simulated latency per tool call, ms (to try `/stop` and Ctrl-C by hand). */
  readonly latency: number
  /** `chat` talks to the OpenAI-compatible model of the environment instead of the script. */
  readonly live: boolean
}

/**
 * Parses `agent-demo <command> [args] [--json] [--store jsonl|memory]
 * [--dir <folder>] [--latency <ms>] [--no-color]`. Unknown flags are errors.
 */
export function parseCliOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, isTty: boolean): CliOptions {
  const positional: string[] = []
  let json = false
  let color = isTty && env.NO_COLOR === undefined
  let store = 'jsonl'
  let dir = env.AGENT_DEMO_DATA ?? DEFAULT_SESSIONS_DIR
  let latency = 0
  let live = false
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!
    const value = (): string => {
      const next = argv[index + 1]
      if (next === undefined) throw new TypeError(`${arg} expects a value`)
      index += 1
      return next
    }
    if (arg === '--json') json = true
    else if (arg === '--no-color') color = false
    else if (arg === '--live') live = true
    else if (arg === '--color') color = true
    else if (arg === '--store') store = value()
    else if (arg === '--dir') dir = value()
    else if (arg === '--latency') latency = Number(value())
    else if (arg === '--help' || arg === '-h') positional.unshift('help')
    else if (arg.startsWith('--')) throw new TypeError(`unknown option ${arg}`)
    else positional.push(arg)
  }
  if (store !== 'jsonl' && store !== 'memory') throw new TypeError(`--store expects jsonl or memory, received ${store}`)
  if (!Number.isFinite(latency) || latency < 0) throw new TypeError(`--latency expects milliseconds, received ${latency}`)
  return { command: positional[0] ?? 'help', positional: positional.slice(1), json, color: color && !json, store, dir, latency, live }
}
