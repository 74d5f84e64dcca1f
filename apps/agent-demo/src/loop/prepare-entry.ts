import type { EntryDecision, ToolMessage } from '../model/types.js'
import type { JsonObject, JsonValue, ToolEntry } from '../tools/types.js'
import { argsWithFixesOff } from './args-with-fixes-off.js'
import type { LoopOptions, LoopEvent, ToolCallEvent } from './types.js'
import { formatValidationError, validateArgs } from './validate-args.js'

/** What one entry needs to know about its turn. */
export interface EntryContext {
  readonly options: LoopOptions
  readonly sessionId: string
  readonly signal: AbortSignal
  readonly turnCallCount: number
  readonly emit: (event: LoopEvent) => void
}

/** An entry that passed every check and may be dispatched once. */
export interface PreparedEntry {
  readonly kind: 'dispatch'
  readonly tool: ToolEntry
  readonly event: ToolCallEvent
  readonly argsSent: JsonValue
  readonly decisions: readonly EntryDecision[]
}

const isObject = (value: JsonValue): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The result an entry gets when the turn was stopped before it was dispatched. */
export function skippedResult(callId: string, tool: string | undefined, argsSent: JsonValue | undefined): ToolMessage {
  return {
    role: 'tool',
    toolCallId: callId,
    content: 'Skipped, not started: the turn was stopped before this call ran.',
    status: 'skipped',
    ...(tool === undefined ? {} : { tool }),
    ...(argsSent === undefined ? {} : { argsSent }),
  }
}

/**
 * Runs the checks of one entry in the original agent's order: the arguments
 * `restoreCall` gave back (or, with a fix off in `compare`, the fixes taken
 * apart), validation against the original schema, `pre_tool_call` hooks,
 * guardrails, approval. Returns the entry ready for its single
 * dispatch, or the result that replaces it (the tool is then never called).
 */
export async function prepareEntry(
  callId: string,
  entryIndex: number,
  tool: ToolEntry,
  argsSent: JsonValue,
  restoredArgs: JsonValue,
  context: EntryContext,
): Promise<PreparedEntry | ToolMessage> {
  const { options } = context
  const base = { role: 'tool' as const, toolCallId: callId, tool: tool.name, argsSent }
  const decisions: EntryDecision[] = []
  const decide = (decision: EntryDecision): void => {
    decisions.push(decision)
    context.emit({ type: 'decision', callId, decision })
  }
  const stop = (status: ToolMessage['status'], content: string, argsReceived?: JsonObject): ToolMessage => ({
    ...base,
    content,
    status,
    ...(argsReceived === undefined ? {} : { argsReceived }),
    ...(decisions.length === 0 ? {} : { decisions }),
  })

  const fixes = options.argumentFixes
  const allFixes = fixes === undefined || (fixes.coerce && fixes.restoreKeys)
  // `restoreCall` already coerced and restored the names, against the schema
  // the model was shown; only a fix turned off needs the steps taken apart.
  const normalized = allFixes ? restoredArgs : argsWithFixesOff(tool.inputSchema, argsSent, fixes)
  const validation = allFixes ? validateArgs(tool.inputSchema, normalized) : { valid: true as const }
  if (!validation.valid || !isObject(normalized)) {
    const failure = validation.valid
      ? { valid: false as const, missing: [], firstError: { path: '/', message: 'must be object' } }
      : validation
    return stop('invalid_args', formatValidationError(tool.name, failure))
  }

  let event: ToolCallEvent = {
    sessionId: context.sessionId,
    callId,
    toolName: tool.name,
    args: normalized,
    kind: tool.concurrency.kind,
    entryIndex,
    turnCallCount: context.turnCallCount,
  }
  let approvalReason: string | undefined
  const mode = options.approvalMode ?? 'never'
  if (mode === 'always' || (mode === 'writes' && tool.concurrency.kind === 'write'))
    approvalReason = `${tool.concurrency.kind} tool`

  for (const plugin of options.plugins ?? []) {
    if (plugin.preToolCall === undefined) continue
    const decision = await plugin.preToolCall(event)
    const by = `hook:${plugin.name}`
    if (decision === undefined || decision.action === 'allow') continue
    if (decision.action === 'block') {
      decide({ by, action: 'block', message: decision.message })
      return stop('blocked', `Blocked by ${plugin.name}: ${decision.message}`, event.args)
    }
    if (decision.action === 'modify') {
      decide({ by, action: 'modify', ...(decision.message === undefined ? {} : { message: decision.message }) })
      event = { ...event, args: decision.args }
    } else {
      decide({ by, action: 'ask', ...(decision.message === undefined ? {} : { message: decision.message }) })
      approvalReason = decision.message ?? `${plugin.name} asks for approval`
    }
  }

  for (const guardrail of options.guardrails ?? []) {
    const message = await guardrail.check(event)
    if (message === undefined) continue
    decide({ by: `guardrail:${guardrail.name}`, action: 'block', message })
    return stop('blocked', `Blocked by guardrail ${guardrail.name}: ${message}`, event.args)
  }

  if (approvalReason !== undefined) {
    if (context.signal.aborted) return skippedResult(callId, tool.name, argsSent)
    const approved =
      options.approver === undefined
        ? false
        : await options.approver({ ...event, reason: approvalReason, signal: context.signal })
    if (context.signal.aborted) return skippedResult(callId, tool.name, argsSent)
    decide({ by: 'approval', action: approved ? 'approve' : 'deny', message: approvalReason })
    if (!approved)
      return stop(
        'denied',
        `Denied: the user did not approve '${tool.name}'. Do not retry it unless asked.`,
        event.args,
      )
  }

  return { kind: 'dispatch', tool, event, argsSent, decisions }
}
