import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { PROVIDER_NAMES, type ProviderName } from '@x/provider-schema'
import { createSequentialIds, createStepClock, type Clock } from '../loop/clock.js'
import { runUserTurn, startSession, type UserTurnOutcome } from '../loop/run-session.js'
import { DEFAULT_PROVIDER } from '../loop/session-tools.js'
import type { Approver, LoopEvent, LoopOptions } from '../loop/types.js'
import { createScriptedModel, type ModelScript } from '../model/scripted-model.js'
import type { Model } from '../model/types.js'
import type { Scenario, ScenarioSetup } from '../scenarios/types.js'
import type { SessionStore } from '../store/types.js'
import type { TicketsReport } from '../tickets/describe-tickets.js'
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
  /** Folder the run kept its world in (MCP scenarios with a persistent store), for `resume`. */
  workspace?: string
  /**
   * The provider the tools were prepared for (`--provider`, else `generic`).
   * A session recorded before it was written down ran as `generic` does.
   */
  provider?: string
}

/** Whether a session header was written by `runScenario` (so it can be replayed or resumed). */
export function isScenarioMeta(meta: unknown): meta is ScenarioMeta {
  const value = meta as Partial<ScenarioMeta> | undefined
  return (
    typeof value?.scenario === 'string' &&
    typeof value.script === 'string' &&
    typeof value.clock === 'object' &&
    typeof value.ids === 'object'
  )
}

/**
 * The stored header of a session recorded by `runScenario`, with the scenario
 * it ran, for `replay` and `resume` (`action` names which one in the errors).
 */
export async function loadScenarioSession(
  store: SessionStore,
  sessionId: string,
  scenarios: (name: string) => Scenario | undefined,
  action: 'replayed' | 'resumed',
): Promise<{ readonly meta: ScenarioMeta; readonly scenario: Scenario }> {
  const record = await store.getSession(sessionId)
  if (record === undefined) throw new Error(`no session '${sessionId}' in the store`)
  if (!isScenarioMeta(record.meta))
    throw new Error(`session '${sessionId}' was not recorded from a scenario: it cannot be ${action}`)
  const meta = record.meta
  const scenario = scenarios(meta.scenario)
  if (scenario === undefined)
    throw new Error(`session '${sessionId}' used scenario '${meta.scenario}', which this build does not have`)
  return { meta, scenario }
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
  /**
   * Folder under which a new run keeps its world (`<scenario>-<n>/`), recorded in
   * the header so `resume` finds it. Without it (memory store, replay) the
   * scenario starts from a fresh, temporary world.
   */
  readonly workspaceRoot?: string
  /** Prepare the tools for this provider (default `generic`; recorded in the header, so a replay does too). */
  readonly provider?: ProviderName
}

/** Loop options for a scenario run from its header: shared by a run, a replay and a resume. */
export function scenarioLoopOptions(
  meta: ScenarioMeta,
  setup: ScenarioSetup,
  model: Model,
  store: SessionStore,
  clock: Clock,
  options: Pick<RunScenarioOptions, 'approver' | 'signal' | 'onEvent'>,
): LoopOptions {
  return {
    model,
    registry: createRegistry(setup.tools),
    store,
    clock,
    ids: createSequentialIds(meta.ids.seed, meta.ids.start),
    enabledToolsets: meta.enabledToolsets,
    plugins: setup.plugins,
    guardrails: setup.guardrails,
    approvalMode: meta.approvalMode === 'writes' || meta.approvalMode === 'always' ? meta.approvalMode : 'never',
    maxWorkers: meta.maxWorkers,
    provider: isProviderName(meta.provider) ? meta.provider : DEFAULT_PROVIDER,
    ...(options.approver === undefined ? {} : { approver: options.approver }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
  }
}

/**
 * Runs a scenario with its recorded script: deterministic clock (1 ms per
 * read) and ids (`session-<scenario>-<n>`, `n` one past the sessions already
 * stored), all recorded in the session header so `replay` can run it again.
 * The outcome carries the tickets the tools hold at the end.
 */
export async function runScenario(
  options: RunScenarioOptions,
): Promise<UserTurnOutcome & { sessionId: string; meta: ScenarioMeta; tickets: TicketsReport }> {
  const { scenario, script, store } = options
  const start = (await store.listSessions()).length + 1
  const meta: ScenarioMeta = options.meta ?? {
    scenario: scenario.name,
    script: scenario.script,
    model: `script:${script.name}`,
    enabledToolsets: [...scenario.enabledToolsets],
    approvalMode: scenario.approvalMode,
    maxWorkers: options.maxWorkers ?? 4,
    clock: { start: Date.UTC(2026, 9, 2), step: 1 },
    ids: { seed: scenario.name, start },
    ...(options.workspaceRoot === undefined
      ? {}
      : { workspace: join(options.workspaceRoot, `${scenario.name}-${start}`) }),
    provider: options.provider ?? DEFAULT_PROVIDER,
  }
  // A new run starts from a fresh world even if an old one was left under
  // the same name (a store deleted by hand); a replay passes the recorded
  // header but never reuses the world the recording changed.
  if (options.meta === undefined && meta.workspace !== undefined)
    rmSync(meta.workspace, { recursive: true, force: true })
  const setup = await scenario.setup(
    options.meta === undefined && meta.workspace !== undefined ? { workspace: meta.workspace } : {},
  )
  try {
    const clock = createStepClock(meta.clock.start, meta.clock.step)
    let loop = scenarioLoopOptions(meta, setup, createScriptedModel(script), store, clock, options)
    if (options.adjust !== undefined) loop = options.adjust(loop)
    const sessionId = await startSession(loop, { title: `${scenario.name}: ${script.user}`, meta })
    const outcome = await runUserTurn(loop, sessionId, script.user)
    return { sessionId, meta, tickets: setup.tickets(), ...outcome }
  } finally {
    await setup.close()
  }
}

function isProviderName(value: unknown): value is ProviderName {
  return typeof value === 'string' && (PROVIDER_NAMES as readonly string[]).includes(value)
}
