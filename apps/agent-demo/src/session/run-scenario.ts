import { createSequentialIds, createStepClock } from '../loop/clock.js'
import { runUserTurn, startSession, type UserTurnOutcome } from '../loop/run-session.js'
import type { Approver, LoopEvent, LoopOptions } from '../loop/types.js'
import { createScriptedModel, type ModelScript } from '../model/scripted-model.js'
import type { Scenario } from '../scenarios/types.js'
import type { SessionStore } from '../store/types.js'
import { createRegistry } from '../tools/registry.js'
import type { JsonObject } from '../tools/types.js'

/** What `runScenario` and `replaySession` record in a session header, and read back. */
export interface ScenarioMeta extends JsonObject {
  scenario: string
  script: string
  model: string
  enabledToolsets: string[]
  approvalMode: string
  maxWorkers: number
  clock: { start: number; step: number }
  ids: { seed: string; start: number }
}

/** Options of one scenario run. */
export interface RunScenarioOptions {
  readonly scenario: Scenario
  readonly script: ModelScript
  readonly store: SessionStore
  /** Stops the run (SIGINT, `/stop`). */
  readonly signal?: AbortSignal
  readonly onEvent?: (event: LoopEvent) => void
  readonly approver?: Approver
  readonly maxWorkers?: number
  /** Replay passes the recorded header back in; a new run derives it. */
  readonly meta?: ScenarioMeta
  /** Adjusts the loop options last (replay wraps tools to stop where the recording stopped). */
  readonly adjust?: (options: LoopOptions) => LoopOptions
}

/**
 * Runs a scenario with its recorded script: deterministic clock (1 ms per
 * read) and ids (`session-<scenario>-<n>`, `n` one past the sessions already
 * stored), all recorded in the session header so `replay` can run it again.
 */
export async function runScenario(options: RunScenarioOptions): Promise<UserTurnOutcome & { sessionId: string; meta: ScenarioMeta }> {
  const { scenario, script, store } = options
  const meta: ScenarioMeta = options.meta ?? {
    scenario: scenario.name,
    script: scenario.script,
    model: `script:${script.name}`,
    enabledToolsets: [...scenario.enabledToolsets],
    approvalMode: scenario.approvalMode,
    maxWorkers: options.maxWorkers ?? 4,
    clock: { start: Date.UTC(2026, 9, 2), step: 1 },
    ids: { seed: scenario.name, start: (await store.listSessions()).length + 1 },
  }
  const setup = await scenario.setup()
  try {
    let loop: LoopOptions = {
      model: createScriptedModel(script),
      registry: createRegistry(setup.tools),
      store,
      clock: createStepClock(meta.clock.start, meta.clock.step),
      ids: createSequentialIds(meta.ids.seed, meta.ids.start),
      enabledToolsets: meta.enabledToolsets,
      plugins: setup.plugins,
      guardrails: setup.guardrails,
      approvalMode: meta.approvalMode === 'writes' || meta.approvalMode === 'always' ? meta.approvalMode : 'never',
      maxWorkers: meta.maxWorkers,
      ...(options.approver === undefined ? {} : { approver: options.approver }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
    }
    if (options.adjust !== undefined) loop = options.adjust(loop)
    const sessionId = await startSession(loop, { title: `${scenario.name}: ${script.user}`, meta })
    const outcome = await runUserTurn(loop, sessionId, script.user)
    return { sessionId, meta, ...outcome }
  } finally {
    await setup.close()
  }
}
