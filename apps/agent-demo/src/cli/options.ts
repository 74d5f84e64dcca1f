import { fileURLToPath } from 'node:url'
import { PROVIDER_NAMES, type ProviderName } from '@x/provider-schema'

/** Sessions folder by default: `apps/agent-demo/.data/sessions` (git-ignored), wherever the CLI is run from. */
export const DEFAULT_SESSIONS_DIR = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../.data/sessions' : '../../.data/sessions', import.meta.url),
)

/** Command-line flags shared by the commands. */
export interface CliOptions {
  readonly command: string
  readonly positional: readonly string[]
  readonly json: boolean
  readonly color: boolean
  /** `sqlite` (default), `jsonl` or `memory`. */
  readonly store: string
  /** Data folder: `sessions.db` (SQLite), `<id>.jsonl` (JSONL), and `workspaces/` of the MCP scenarios. */
  readonly dir: string
  /** Simulated latency per tool call, ms (to try `/stop` and Ctrl-C by hand). */
  readonly latency: number
  /** `chat` talks to the OpenAI-compatible model of the environment instead of the script. */
  readonly live: boolean
  /** `compare`: simulated time the model takes per round trip, ms. */
  readonly modelLatency: number
  /** `compare`: batch sizes to measure (default 3: one slip for each fix). */
  readonly entries: readonly number[]
  /** Before/after tables list unchanged arguments too. */
  readonly all: boolean
  /** Prepare the tools for this provider (`@x/provider-schema`); unset, the loop's default, `generic`. */
  readonly provider?: ProviderName
}

/**
 * Parses `agent-demo <command> [args] [--json] [--store sqlite|jsonl|memory]
 * [--dir <folder>] [--latency <ms>] [--model-latency <ms>] [--entries 2,3]
 * [--all] [--provider <name>] [--no-color]`. Unknown flags are errors; a bad value is reported
 * as it was typed.
 */
export function parseCliOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  isTty: boolean,
): CliOptions {
  const positional: string[] = []
  let json = false
  let color = isTty && env.NO_COLOR === undefined
  let store = 'sqlite'
  let dir = env.AGENT_DEMO_DATA ?? DEFAULT_SESSIONS_DIR
  let latency = 0
  let live = false
  let modelLatency = 500
  let entries: number[] = [3]
  let entriesText = '3'
  let all = false
  let provider: string | undefined
  // Errors quote the flag's text as typed: `abc`, not the NaN it parsed to.
  const raw = (flag: string): string => argv[argv.lastIndexOf(flag) + 1] ?? ''
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
    else if (arg === '--model-latency') modelLatency = Number(value())
    else if (arg === '--entries') {
      entriesText = value()
      entries = entriesText.split(',').map((text) => (/^\s*\d+\s*$/u.test(text) ? Number(text) : Number.NaN))
    } else if (arg === '--all') all = true
    else if (arg === '--provider') provider = value()
    else if (arg === '--help' || arg === '-h') positional.unshift('help')
    else if (arg.startsWith('--')) throw new TypeError(`unknown option ${arg}`)
    else positional.push(arg)
  }
  if (store !== 'sqlite' && store !== 'jsonl' && store !== 'memory')
    throw new TypeError(`--store expects sqlite, jsonl or memory, received ${store}`)
  if (!Number.isFinite(latency) || latency < 0)
    throw new TypeError(`--latency expects milliseconds, received ${raw('--latency')}`)
  if (!Number.isFinite(modelLatency) || modelLatency < 0)
    throw new TypeError(`--model-latency expects milliseconds, received ${raw('--model-latency')}`)
  // Entries come from a fixed list of three (read, read, open a ticket); a
  // single entry is never a batch, so there is nothing to compare.
  if (entries.some((count) => !Number.isInteger(count) || count < 2 || count > 3)) {
    throw new TypeError(`--entries expects batch sizes between 2 and 3, like 2,3; received ${entriesText}`)
  }
  if (provider !== undefined && !(PROVIDER_NAMES as readonly string[]).includes(provider)) {
    throw new TypeError(`--provider expects one of ${PROVIDER_NAMES.join(', ')}; received ${provider}`)
  }
  return {
    command: positional[0] ?? 'help',
    positional: positional.slice(1),
    json,
    color: color && !json,
    store,
    dir,
    latency,
    live,
    modelLatency,
    entries,
    all,
    ...(provider === undefined ? {} : { provider: provider as ProviderName }),
  }
}
