import { createInterface } from 'node:readline'
import { createSequentialIds, systemClock } from '../loop/clock.js'
import { runUserTurn, startSession, type UserTurnOutcome } from '../loop/run-session.js'
import type { LoopOptions } from '../loop/types.js'
import { createOpenAiModel, type OpenAiModelOptions } from '../model/openai-model.js'
import type { Scenario } from '../scenarios/types.js'
import type { SessionStore } from '../store/types.js'
import { createRegistry } from '../tools/registry.js'
import type { CliIo } from './cli-io.js'
import { createTerminalRenderer } from './terminal-renderer.js'

/**
 * `chat --live`: a person talks to a real OpenAI-compatible model with the
 * scenario's tools. Each line is a user message; `/stop` stops the running
 * batch; `/quit` leaves. The session is stored like any other but records a
 * live model, so it can be shown, not replayed.
 */
export async function liveChat(
  store: SessionStore,
  scenario: Scenario,
  modelOptions: OpenAiModelOptions,
  io: CliIo & { readonly color: boolean; readonly json: boolean },
  input: NodeJS.ReadableStream,
): Promise<number> {
  const setup = await scenario.setup()
  const lines = createInterface({ input })
  try {
    const base: LoopOptions = {
      model: createOpenAiModel(modelOptions),
      registry: createRegistry(setup.tools),
      store,
      clock: systemClock,
      ids: createSequentialIds(`live-${scenario.name}`, (await store.listSessions()).length + 1),
      enabledToolsets: scenario.enabledToolsets,
      plugins: setup.plugins,
      guardrails: setup.guardrails,
      approvalMode: scenario.approvalMode,
      onEvent: createTerminalRenderer({ write: io.write, color: io.color, json: io.json }),
    }
    const sessionId = await startSession(base, {
      title: `live ${modelOptions.model} on ${scenario.name}`,
      meta: {
        live: true,
        model: `openai:${modelOptions.model}`,
        scenario: scenario.name,
        enabledToolsets: [...scenario.enabledToolsets],
      },
    })
    io.write('type a request; /stop stops a running batch; /quit leaves\n')
    let running: { controller: AbortController; done: Promise<UserTurnOutcome | undefined> } | undefined
    for await (const text of lines) {
      const line = text.trim()
      if (line === '/quit') break
      if (line === '/stop') running?.controller.abort()
      else if (running !== undefined) io.write('a turn is running: /stop first\n')
      else if (line !== '') {
        const controller = new AbortController()
        const done = runUserTurn({ ...base, signal: controller.signal }, sessionId, line).catch((error: unknown) => {
          io.write(`model error: ${error instanceof Error ? error.message : String(error)}\n`)
          return undefined
        })
        running = { controller, done }
        void done.finally(() => {
          running = undefined
        })
      }
    }
    await running?.done
    io.write(`session ${sessionId}\n`)
    return 0
  } finally {
    lines.close()
    await setup.close()
  }
}
