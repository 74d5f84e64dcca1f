import type { ToolCall, ToolMessage } from '../model/types.js'
import { dispatchEntry } from './dispatch-entry.js'
import { prepareEntry, skippedResult, type EntryContext, type PreparedEntry } from './prepare-entry.js'
import { resolveCall, type ResolvedCall, type ToolLookup } from './resolve-call.js'

const runsAlone = (resolved: ResolvedCall): boolean =>
  resolved.kind === 'entry' && !resolved.tool.concurrency.parallelSafe

/**
 * Runs every call of an (expanded) assistant turn and appends exactly one
 * result per call id, strictly in call order, each persisted as soon as it is
 * its turn to be appended.
 *
 * Scheduling: a run of consecutive entries whose tools are parallel-safe is
 * dispatched together, at most `maxWorkers` at a time; any other entry runs
 * alone, after everything before it finished. Checks (hooks, approval) run in
 * entry order. Once `context.signal` is aborted no further entry is prepared
 * or dispatched: each gets a "skipped, not started" result; entries already
 * running finish or end "cancelled".
 */
export async function runEntries(
  calls: readonly ToolCall[],
  lookup: ToolLookup,
  context: EntryContext,
): Promise<readonly ToolMessage[]> {
  const { store, clock } = context.options
  const maxWorkers = Math.max(1, context.options.maxWorkers ?? 4)
  const results: (ToolMessage | undefined)[] = calls.map(() => undefined)
  let appended = 0
  let appending: Promise<void> = Promise.resolve()

  const settle = (index: number, message: ToolMessage): void => {
    results[index] = message
    appending = appending.then(async () => {
      for (let next = results[appended]; next !== undefined && appended < calls.length; next = results[appended]) {
        await store.appendToolResult(context.sessionId, next, clock.now())
        context.emit({ type: 'result', index: appended, message: next })
        appended += 1
      }
    })
  }

  const resolved = calls.map((call) => resolveCall(call, lookup))

  // Returns the prepared dispatch, or undefined when the entry already has its result.
  const prepare = async (index: number): Promise<PreparedEntry | undefined> => {
    const call = calls[index]!
    const entry = resolved[index]!
    if (context.signal.aborted) {
      settle(index, skippedResult(call.id, entry.kind === 'entry' ? entry.tool.name : entry.tool, entry.argsSent))
      return undefined
    }
    if (entry.kind === 'result') {
      const { kind: _kind, ...rest } = entry
      settle(index, { role: 'tool', toolCallId: call.id, ...rest })
      return undefined
    }
    const prepared = await prepareEntry(call.id, index, entry.tool, entry.argsSent, entry.restoredArgs, context)
    if ('role' in prepared) {
      settle(index, prepared)
      return undefined
    }
    return prepared
  }

  let index = 0
  while (index < calls.length) {
    if (runsAlone(resolved[index]!)) {
      const prepared = await prepare(index)
      if (prepared !== undefined) {
        settle(
          index,
          context.signal.aborted
            ? skippedResult(prepared.event.callId, prepared.tool.name, prepared.argsSent)
            : await dispatchEntry(prepared, context),
        )
      }
      index += 1
      continue
    }
    const running = new Set<Promise<void>>()
    for (; index < calls.length && !runsAlone(resolved[index]!); index += 1) {
      const prepared = await prepare(index)
      if (prepared === undefined) continue
      while (running.size >= maxWorkers) await Promise.race(running)
      if (context.signal.aborted) {
        settle(index, skippedResult(prepared.event.callId, prepared.tool.name, prepared.argsSent))
        continue
      }
      const at = index
      const task: Promise<void> = dispatchEntry(prepared, context).then((message) => {
        settle(at, message)
        running.delete(task)
      })
      running.add(task)
    }
    await Promise.all(running)
  }
  await appending
  return results.filter((message): message is ToolMessage => message !== undefined)
}
