import { performance } from 'node:perf_hooks'
import { createSequentialIds, createStepClock } from '../loop/clock.js'
import { runSession } from '../loop/run-session.js'
import { createScriptedModel, type ModelScript } from '../model/scripted-model.js'
import type { Model, ResultStatus } from '../model/types.js'
import type { ScenarioSetup } from '../scenarios/types.js'
import { createMemoryStore } from '../store/memory-store.js'
import { createRegistry } from '../tools/registry.js'
import { COMPARE_ENTRIES, compareScripts } from './compare-scripts.js'

/** One contract's run of the task. */
export interface ContractRun {
  readonly contract: 'old' | 'new'
  /** Messages stored for the session (user, assistant turns, tool results). */
  readonly messages: number
  /** Requests made to the model. */
  readonly roundTrips: number
  /** From the user message to the model's answer, simulated model time included. */
  readonly wallMs: number
  /** Status of every tool result, in order. */
  readonly statuses: readonly ResultStatus[]
}

/** Old and new contract side by side for one batch size. */
export interface Comparison {
  readonly entries: number
  readonly old: ContractRun
  readonly new: ContractRun
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

async function runContract(setup: ScenarioSetup, script: ModelScript, contract: 'old' | 'new', modelLatencyMs: number): Promise<ContractRun> {
  const store = createMemoryStore()
  const started = performance.now()
  const outcome = await runSession(
    {
      model: withModelLatency(createScriptedModel(script), modelLatencyMs),
      registry: createRegistry(setup.tools),
      store,
      clock: createStepClock(),
      ids: createSequentialIds(script.name),
      enabledToolsets: ['files', 'git', 'tickets'],
      plugins: setup.plugins,
      guardrails: setup.guardrails,
      splitBatches: contract === 'new',
    },
    { title: script.name, meta: { compare: contract } },
    script.user,
  )
  const wallMs = performance.now() - started
  const messages = await store.loadMessages(outcome.sessionId)
  const statuses = messages.flatMap(({ message }) => (message.role === 'tool' ? [message.status] : []))
  return { contract, messages: messages.length, roundTrips: outcome.rounds, wallMs, statuses }
}

/**
 * Runs seed 004's task twice per batch size against the same servers: under
 * the old contract (the batch is rejected with the correction and re-issued
 * one entry per `tool_call`) and under the new one (split by the agent).
 */
export async function runComparison(setup: ScenarioSetup, options: { readonly entries: readonly number[]; readonly modelLatencyMs: number }): Promise<Comparison[]> {
  const comparisons: Comparison[] = []
  for (const count of options.entries) {
    const scripts = compareScripts(COMPARE_ENTRIES.slice(0, count))
    const old = await runContract(setup, scripts.old, 'old', options.modelLatencyMs)
    const fresh = await runContract(setup, scripts.new, 'new', options.modelLatencyMs)
    comparisons.push({ entries: count, old, new: fresh })
  }
  return comparisons
}
