import { createRegistry } from '../tools/registry.js'
import type { Message, ToolMessage } from '../model/types.js'
import type { Scenario } from '../scenarios/types.js'
import { createMemoryStore } from '../store/memory-store.js'
import type { SessionStore, StoredMessage } from '../store/types.js'
import { loadScript } from './load-script.js'
import { resumeSession } from './resume-session.js'
import { loadScenarioSession, runScenario } from './run-scenario.js'
import { firstDifference, transcriptOf } from './transcript.js'
import type { LoopEvent } from '../loop/types.js'

/** What a replay found. */
export interface ReplayReport {
  readonly sessionId: string
  readonly identical: boolean
  readonly recorded: readonly Message[]
  readonly regenerated: readonly Message[]
  /** Where the two transcripts first differ. */
  readonly difference?: {
    readonly index: number
    readonly expected: Message | undefined
    readonly actual: Message | undefined
  }
}

/**
 * Runs a recorded session again from its header (scenario, script, clock and
 * id prefixes) into a scratch memory store, and compares the regenerated
 * transcript with the recorded one: same ids, same order, same arguments,
 * decisions and results.
 *
 * What a person decided is replayed from the record: approvals per call id,
 * and a stop right after the last entry that ran before the first "skipped"
 * result. A session resumed after a crash dies where the recording did (no
 * write from the first "interrupted" result on) and is resumed the same way,
 * in a fresh world. A "cancelled" entry (stopped mid-call) depends on timing
 * and is not reproduced: such a session reports its difference.
 */
export async function replaySession(
  store: SessionStore,
  sessionId: string,
  scenarios: (name: string) => Scenario | undefined,
  onEvent?: (event: LoopEvent) => void,
): Promise<ReplayReport> {
  const { meta, scenario } = await loadScenarioSession(store, sessionId, scenarios, 'replayed')
  const recorded = transcriptOf(await store.loadMessages(sessionId))
  const results = recorded.filter((message): message is ToolMessage => message.role === 'tool')

  const approvals = new Map<string, boolean>()
  for (const result of results) {
    const approval = result.decisions?.find((decision) => decision.by === 'approval')
    if (approval !== undefined) approvals.set(result.toolCallId, approval.action === 'approve')
  }
  const firstSkipped = results.findIndex((result) => result.status === 'skipped')
  const stopAfter = firstSkipped > 0 ? results[firstSkipped - 1]?.toolCallId : undefined
  const stopAtStart = firstSkipped === 0 || (firstSkipped > 0 && stopAfter === undefined)

  const controller = new AbortController()
  const scratch = createMemoryStore()
  // A session resumed after a crash: the first "interrupted" result marks
  // where the process died. The replay dies there too (that result and every
  // later write are never stored, the turn is stopped), then resumes.
  const crashedAt = results.find((result) => result.status === 'interrupted')?.toolCallId
  let crashed = false
  const target =
    crashedAt === undefined
      ? scratch
      : crashAt(scratch, crashedAt, () => {
          crashed = true
          controller.abort()
        })
  const outcome = await runScenario({
    scenario,
    script: loadScript(meta.script),
    store: target,
    meta,
    signal: controller.signal,
    approver: (request) => Promise.resolve(approvals.get(request.callId) ?? false),
    onEvent: (event) => {
      if (stopAtStart && event.type === 'assistant' && event.callIds.includes(results[0]?.toolCallId ?? ''))
        controller.abort()
      onEvent?.(event)
    },
    adjust: (options) =>
      stopAfter === undefined
        ? { ...options, maxRounds: recorded.filter((message) => message.role === 'assistant').length }
        : {
            ...options,
            registry: createRegistry(
              options.registry.list().map((tool) => ({
                ...tool,
                handler: async (args, context) => {
                  const result = await tool.handler(args, context)
                  if (context.callId === stopAfter) controller.abort()
                  return result
                },
              })),
            ),
          },
  })
  if (crashed)
    await resumeSession(scratch, outcome.sessionId, scenarios, {
      reuseWorkspace: false,
      ...(onEvent === undefined ? {} : { onEvent }),
    })
  const regenerated = transcriptOf(await scratch.loadMessages(outcome.sessionId))
  const difference =
    outcome.sessionId === sessionId
      ? firstDifference(recorded, regenerated)
      : { index: -1, expected: undefined, actual: undefined }
  return {
    sessionId,
    identical: difference === undefined,
    recorded,
    regenerated,
    ...(difference === undefined ? {} : { difference }),
  }
}

// A store that behaves like a process killed just before `callId`'s result
// was written: that write and every later one are dropped (resolved, never
// stored), and `onCrash` stops the run.
function crashAt(store: SessionStore, callId: string, onCrash: () => void): SessionStore {
  let dead = false
  const drop = <M extends Message>(message: M, at: number): Promise<StoredMessage> =>
    Promise.resolve({ seq: -1, at, message })
  return {
    ...store,
    appendMessage: (sessionId, message, at) => (dead ? drop(message, at) : store.appendMessage(sessionId, message, at)),
    appendAssistantTurn: (sessionId, message, at) =>
      dead ? drop(message, at) : store.appendAssistantTurn(sessionId, message, at),
    appendToolResult(sessionId, message, at) {
      if (!dead && message.toolCallId === callId) {
        dead = true
        onCrash()
      }
      return dead ? drop(message, at) : store.appendToolResult(sessionId, message, at)
    },
  }
}
