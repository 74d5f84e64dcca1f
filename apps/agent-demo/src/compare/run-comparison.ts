import { performance } from 'node:perf_hooks'
import type { ProviderName } from '@x/provider-schema'
import { BUILTIN_SERVERS } from '../shared/builtin-servers.js'
import { createSequentialIds, createStepClock } from '../loop/clock.js'
import { runSession } from '../loop/run-session.js'
import type { LoopOptions } from '../loop/types.js'
import type { Model, ResultStatus } from '../model/types.js'
import type { ScenarioSetup } from '../scenarios/types.js'
import { createMemoryStore } from '../store/memory-store.js'
import { createRegistry } from '../tools/registry.js'
import { COMPARE_ENTRIES } from './compare-entries.js'
import { createCorrectingModel } from './correcting-model.js'

/** Which of the three fixes a run has on. */
export interface FixSetting {
  /** Row label: `all on`, `coercion off`, ... */
  readonly label: string
  readonly coerce: boolean
  readonly restoreKeys: boolean
  readonly split: boolean
}

/** Each fix off on its own, all three off, and all on: the rows of the table. */
export const FIX_SETTINGS: readonly FixSetting[] = [
  { label: 'all three fixes on', coerce: true, restoreKeys: true, split: true },
  { label: 'coercion off', coerce: false, restoreKeys: true, split: true },
  { label: 'key restore off', coerce: true, restoreKeys: false, split: true },
  { label: 'batch split off', coerce: true, restoreKeys: true, split: false },
  { label: 'all three off', coerce: false, restoreKeys: false, split: false },
]

/** One setting's run of the task. */
export interface SettingRun {
  readonly setting: FixSetting
  /** Messages stored for the session (user, assistant turns, tool results). */
  readonly messages: number
  /** Requests made to the model. */
  readonly roundTrips: number
  /** From the user message to the model's answer, simulated model time included. */
  readonly wallMs: number
  /** Status of every tool result, in order. */
  readonly statuses: readonly ResultStatus[]
}

/** Every setting for one batch size. */
export interface Comparison {
  readonly entries: number
  readonly runs: readonly SettingRun[]
}

// The scripted model answers at once; a real one thinks. The delay stands for
// that time, and is what makes a lost round trip cost what it costs.
function withModelLatency(model: Model, latencyMs: number): Model {
  if (latencyMs <= 0) return model
  return {
    name: model.name,
    next: (request) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => model.next(request).then(resolve, reject), latencyMs)
        request.signal?.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(new Error('stopped'))
        })
      }),
  }
}

async function runSetting(
  setup: ScenarioSetup,
  entries: number,
  setting: FixSetting,
  modelLatencyMs: number,
  provider?: ProviderName,
): Promise<SettingRun> {
  const store = createMemoryStore()
  const options: LoopOptions = {
    model: withModelLatency(createCorrectingModel(COMPARE_ENTRIES.slice(0, entries)), modelLatencyMs),
    registry: createRegistry(setup.tools),
    store,
    clock: createStepClock(),
    ids: createSequentialIds(`compare-${entries}`),
    enabledToolsets: BUILTIN_SERVERS.map((server) => server.name),
    plugins: setup.plugins,
    guardrails: setup.guardrails,
    splitBatches: setting.split,
    argumentFixes: { coerce: setting.coerce, restoreKeys: setting.restoreKeys },
    ...(provider === undefined ? {} : { provider }),
  }
  const started = performance.now()
  const outcome = await runSession(
    options,
    { title: `compare: ${setting.label}`, meta: { compare: setting.label } },
    'Read README.md and notes/incident.md, then open a ticket for the incident.',
  )
  const wallMs = performance.now() - started
  const messages = await store.loadMessages(outcome.sessionId)
  const statuses = messages.flatMap(({ message }) => (message.role === 'tool' ? [message.status] : []))
  return { setting, messages: messages.length, roundTrips: outcome.rounds, wallMs, statuses }
}

/**
 * Runs the task once per fix setting and batch size, every run against the
 * same real servers: with a fix off, the tool's own validation error (or,
 * without the split, the batch's correction) goes back to the model, which
 * sends fixed arguments (or one entry per call) and carries on. The model
 * is shown the tools prepared for `provider` (default `generic`); with both
 * argument fixes on, `restoreCall` does coercion and key restore in one
 * step, and a row with one of them off runs `argsWithFixesOff` instead
 * (`restoreCall` cannot be taken apart).
 */
export async function runComparison(
  setup: ScenarioSetup,
  options: { readonly entries: readonly number[]; readonly modelLatencyMs: number; readonly provider?: ProviderName },
): Promise<Comparison[]> {
  const comparisons: Comparison[] = []
  // One run first, not measured: the servers' first calls and the loop's
  // first schemas pay start-up costs no setting should be charged with.
  await runSetting(setup, COMPARE_ENTRIES.length, FIX_SETTINGS[0]!, 0, options.provider)
  for (const entries of options.entries) {
    const runs: SettingRun[] = []
    for (const setting of FIX_SETTINGS)
      runs.push(await runSetting(setup, entries, setting, options.modelLatencyMs, options.provider))
    comparisons.push({ entries, runs })
  }
  return comparisons
}
