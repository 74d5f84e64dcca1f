import { relative } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { LoopEvent } from '../loop/types.js'
import { openAiOptionsFromEnv } from '../model/openai-model.js'
import { findScenario, SCENARIOS } from '../scenarios/all-scenarios.js'
import type { Scenario } from '../scenarios/types.js'
import { loadScript } from '../session/load-script.js'
import { rawCallAnswers } from '../session/raw-call-answers.js'
import { replaySession } from '../session/replay-session.js'
import { runScenario } from '../session/run-scenario.js'
import { DEFAULT_SESSIONS_DIR, type CliOptions } from './options.js'
import { openStore, sqliteStorePath, workspaceRoot } from './open-store.js'
import { describeTickets } from '../tickets/describe-tickets.js'
import type { CliIo } from './cli-io.js'
import { liveChat } from './live-chat.js'
import { rawAnswersText } from './raw-answers-text.js'
import { createTerminalRenderer } from './terminal-renderer.js'
import { withLatency } from './with-latency.js'

/**
 * How to run this CLI again from where the person is: `pnpm demo` when the
 * root's `pnpm demo` started it (it says so in `AGENT_DEMO_COMMAND`), else
 * `node <path of dist/cli.js from the current folder>`.
 */
export function cliCommand(
  env: Readonly<Record<string, string | undefined>> = process.env,
  cwd: string = process.cwd(),
): string {
  if (env.AGENT_DEMO_COMMAND !== undefined && env.AGENT_DEMO_COMMAND !== '') return env.AGENT_DEMO_COMMAND
  const built = fileURLToPath(
    new URL(import.meta.url.includes('/dist/') ? './cli.js' : '../../dist/cli.js', import.meta.url),
  )
  const path = relative(cwd, built) || built
  return `node ${/\s/u.test(path) ? JSON.stringify(path) : path}`
}

function scenarioNamed(name: string): Scenario {
  const scenario = findScenario(name)
  if (scenario === undefined)
    throw new TypeError(`unknown scenario '${name}'; known: ${SCENARIOS.map((known) => known.name).join(', ')}`)
  return scenario
}

/** `demo` and `run <scenario>`: runs a scenario once; Ctrl-C stops the batch cleanly, twice exits. */
export async function runCommand(
  options: CliOptions,
  io: CliIo,
  scenarioName: string,
  stop?: AbortSignal,
): Promise<number> {
  const store = openStore(options)
  const scenario = scenarioNamed(scenarioName)
  const render = createTerminalRenderer({ write: io.write, color: options.color, json: options.json, all: options.all })
  const controller = new AbortController()
  stop?.addEventListener('abort', () => controller.abort(), { once: true })
  const release = io.onInterrupt(() => controller.abort())
  try {
    const latencyScenario: Scenario =
      options.latency <= 0
        ? scenario
        : {
            ...scenario,
            setup: async (context) => {
              const setup = await scenario.setup(context)
              return { ...setup, tools: withLatency(setup.tools, options.latency) }
            },
          }
    const root = workspaceRoot(options)
    const outcome = await runScenario({
      scenario: latencyScenario,
      script: loadScript(scenario.script),
      store,
      signal: controller.signal,
      onEvent: render,
      ...(root === undefined ? {} : { workspaceRoot: root }),
      ...(options.provider === undefined ? {} : { provider: options.provider }),
    })
    if (!outcome.stopped) {
      const results = (await store.loadMessages(outcome.sessionId)).flatMap(({ message }) =>
        message.role === 'tool' ? [message] : [],
      )
      const answers = await rawCallAnswers(scenario, results, outcome.meta.workspace)
      if (options.json) for (const answer of answers) io.write(`${JSON.stringify({ type: 'raw_call', ...answer })}\n`)
      else io.write(rawAnswersText(answers))
    }
    if (!options.json) {
      io.write(describeTickets(outcome.tickets))
      const where =
        options.store === 'memory'
          ? 'in memory (not kept)'
          : options.store === 'sqlite'
            ? `in ${sqliteStorePath(options.dir)}`
            : `in ${options.dir}`
      // The same flags the run used, so the suggested command finds the session.
      const flags = `${options.store === 'sqlite' ? '' : ` --store ${options.store}`}${options.dir === DEFAULT_SESSIONS_DIR ? '' : ` --dir ${options.dir}`}`
      const hint =
        options.store === 'memory' ? '' : `; replay it with: ${cliCommand()} replay ${outcome.sessionId}${flags}`
      io.write(`\nsession ${outcome.sessionId} saved ${where}${hint}\n`)
    }
    return outcome.stopped ? 130 : 0
  } finally {
    release()
    await store.close()
  }
}

/** `replay <session>`: runs the session again and compares transcripts. */
export async function replayCommand(options: CliOptions, io: CliIo, sessionId: string): Promise<number> {
  const store = openStore(options)
  try {
    const report = await replaySession(store, sessionId, findScenario)
    if (options.json) {
      io.write(
        `${JSON.stringify({ sessionId, identical: report.identical, messages: report.recorded.length, difference: report.difference })}\n`,
      )
    } else if (report.identical) {
      io.write(`replay of ${sessionId}: identical (${report.recorded.length} messages, same ids, order and results)\n`)
    } else {
      const difference = report.difference
      io.write(
        `replay of ${sessionId}: DIFFERENT at message ${difference?.index}\n  recorded:    ${JSON.stringify(difference?.expected)}\n  regenerated: ${JSON.stringify(difference?.actual)}\n`,
      )
    }
    return report.identical ? 0 : 1
  } finally {
    await store.close()
  }
}

/** `sessions`: one line per stored session (with `--json`, one JSON object per line). */
export async function sessionsCommand(options: CliOptions, io: CliIo): Promise<number> {
  const store = openStore(options)
  const sessions = await store.listSessions()
  if (options.json) for (const session of sessions) io.write(`${JSON.stringify(session)}\n`)
  else
    for (const session of sessions)
      io.write(
        `${session.id}  ${new Date(session.createdAt).toISOString()}  ${String(session.messageCount).padStart(3)} messages  ${session.title}\n`,
      )
  await store.close()
  return 0
}

/** `show <session>`: the stored transcript, rendered like a live run (with `--json`, one stored message per line). */
export async function showCommand(options: CliOptions, io: CliIo, sessionId: string): Promise<number> {
  const store = openStore(options)
  const messages = await store.loadMessages(sessionId)
  await store.close()
  if (messages.length === 0) {
    io.write(`no session '${sessionId}'\n`)
    return 1
  }
  if (options.json) {
    for (const message of messages) io.write(`${JSON.stringify(message)}\n`)
    return 0
  }
  const render = createTerminalRenderer({ write: io.write, color: options.color, json: false, all: options.all })
  render({ type: 'session', sessionId, resumed: false })
  let index = 0
  let round = 0
  for (const { message } of messages) {
    const events: LoopEvent[] = []
    if (message.role === 'user') events.push({ type: 'user', content: message.content })
    if (message.role === 'assistant') {
      index = 0
      round += 1
      events.push({
        type: 'assistant',
        round,
        content: message.content,
        modelCallCount: message.modelCallCount ?? message.toolCalls.length,
        callIds: message.toolCalls.map((call) => call.id),
      })
    }
    if (message.role === 'tool') {
      for (const decision of message.decisions ?? [])
        events.push({ type: 'decision', callId: message.toolCallId, decision })
      events.push({ type: 'result', index, message })
      index += 1
    }
    events.forEach(render)
  }
  return 0
}

/**
 * `chat [scenario]`: interactive, with a `> ` prompt. The scripted model
 * replays its recording and cannot read what is typed, so Enter on an empty
 * line sends the scenario's recorded request, and typed text gets an answer
 * saying so (and that `chat --live` talks to a real model) instead of
 * running the script as if it had been read. `/stop` stops the running
 * batch; `/quit` leaves. Use `--latency` to have time to stop.
 */
export async function chatCommand(
  options: CliOptions,
  io: CliIo,
  scenarioName: string,
  input: NodeJS.ReadableStream,
): Promise<number> {
  if (options.live) {
    const modelOptions = openAiOptionsFromEnv(process.env)
    if (modelOptions === undefined)
      throw new TypeError(
        'chat --live expects AGENT_DEMO_BASE_URL, AGENT_DEMO_API_KEY and AGENT_DEMO_MODEL in the environment',
      )
    return liveChat(
      openStore(options),
      scenarioNamed(scenarioName),
      modelOptions,
      { ...io, color: options.color, json: options.json },
      input,
    )
  }
  const scenario = scenarioNamed(scenarioName)
  const recorded = loadScript(scenario.script).user
  const lines = createInterface({ input })
  const prompt = (): void => io.write('> ')
  io.write(
    `scenario ${scenarioName}: its model replays a recording, so it sends one request: "${recorded}"\n` +
      `press Enter to send it, /stop to stop a running batch, /quit to leave (${cliCommand()} chat --live talks to a real model)\n`,
  )
  prompt()
  let running: { controller: AbortController; done: Promise<number> } | undefined
  for await (const text of lines) {
    const command = text.trim()
    if (command === '/quit') break
    if (command === '/stop') {
      running?.controller.abort()
      continue
    }
    if (running !== undefined) {
      io.write('a turn is running: /stop first\n')
      continue
    }
    if (command !== '') {
      io.write(
        `this model cannot read "${command}": it replays a recording. Press Enter on an empty line to send "${recorded}", or run ${cliCommand()} chat --live.\n`,
      )
      prompt()
      continue
    }
    const controller = new AbortController()
    running = { controller, done: runCommand(options, io, scenarioName, controller.signal) }
    void running.done.finally(() => {
      running = undefined
      prompt()
    })
  }
  lines.close()
  await running?.done
  return 0
}

/** The scenarios, for the help text. */
export function describeScenarios(): string {
  return SCENARIOS.map((scenario) => `  ${scenario.name.padEnd(20)} ${scenario.description}`).join('\n')
}
