import { createStepClock } from '../loop/clock.js'
import { continueSession, type UserTurnOutcome } from '../loop/run-session.js'
import type { LoopEvent } from '../loop/types.js'
import type { ToolMessage } from '../model/types.js'
import { createScriptedModel } from '../model/scripted-model.js'
import type { Scenario } from '../scenarios/types.js'
import { interruptUnansweredCalls } from './interrupt-unanswered-calls.js'
import type { SessionStore, StoredMessage } from '../store/types.js'
import { loadScript } from './load-script.js'
import { loadScenarioSession, scenarioLoopOptions } from './run-scenario.js'

/** What a resume did. */
export interface ResumeReport {
  readonly sessionId: string
  /** The "interrupted" results added for calls that never got one. */
  readonly interrupted: readonly StoredMessage[]
  /** How the continued turn ended; absent when the session had already ended. */
  readonly outcome?: UserTurnOutcome
}

/**
 * Picks a session up after its process died (SIGKILL, power cut) or stopped.
 *
 * First every call of the stored turns that has no result gets an
 * "interrupted" one, and nothing is run again: a completed call keeps its
 * stored result, and a call whose fate is unknown is reported, not retried
 * (the tool may have acted; the model decides). Then, unless the session had
 * ended, the scenario is set up again in the session's own workspace (the
 * tickets it created are still there) and the recorded script continues
 * after the assistant turns already stored.
 */
export async function resumeSession(
  store: SessionStore,
  sessionId: string,
  scenarios: (name: string) => Scenario | undefined,
  options: {
    readonly onEvent?: (event: LoopEvent) => void
    readonly signal?: AbortSignal
    /** Called with the "interrupted" results once they are stored, before the session carries on. */
    readonly onInterrupted?: (results: readonly ToolMessage[]) => void
    /** `false` (replay) sets the scenario up in a fresh world instead of the session's workspace. */
    readonly reuseWorkspace?: boolean
  } = {},
): Promise<ResumeReport> {
  const { meta, scenario } = await loadScenarioSession(store, sessionId, scenarios, 'resumed')

  const stored = await store.loadMessages(sessionId)
  // The clock carries on after the last stored message, so times stay in order.
  const clock = createStepClock((stored.at(-1)?.at ?? meta.clock.start) + meta.clock.step, meta.clock.step)
  const interrupted = await interruptUnansweredCalls(store, sessionId, clock.now())
  options.onEvent?.({ type: 'session', sessionId, resumed: true })
  options.onInterrupted?.(interrupted.flatMap(({ message }) => (message.role === 'tool' ? [message] : [])))

  const last = stored.at(-1)?.message
  if (last?.role === 'assistant' && last.toolCalls.length === 0) return { sessionId, interrupted }

  const script = loadScript(meta.script)
  if (!stored.some((message) => message.message.role === 'user')) {
    await store.appendMessage(sessionId, { role: 'user', content: script.user }, clock.now())
  }
  const played = stored.filter((message) => message.message.role === 'assistant').length
  const setup = await scenario.setup(
    meta.workspace === undefined || options.reuseWorkspace === false ? {} : { workspace: meta.workspace },
  )
  try {
    const loop = scenarioLoopOptions(
      meta,
      setup,
      createScriptedModel(script, { position: played }),
      store,
      clock,
      options,
    )
    const outcome = await continueSession(loop, sessionId)
    return { sessionId, interrupted, outcome }
  } finally {
    await setup.close()
  }
}
