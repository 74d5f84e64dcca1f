import { expandLocalToolBatches, expandParallelToolUse } from '@x/batch-split'
import type { AssistantMessage, Message, ToolCall } from '../model/types.js'
import type { EntryContext } from './prepare-entry.js'
import { runEntries } from './run-entries.js'
import { sessionTools } from './session-tools.js'
import type { LoopEvent, LoopOptions, SessionInput } from './types.js'

/** How a user message ended. */
export interface UserTurnOutcome {
  /** Model round trips made. */
  readonly rounds: number
  /** The model's last text, when it ended the turn itself. */
  readonly content: string | null
  /** True when the signal stopped the turn. */
  readonly stopped: boolean
}

/**
 * Creates a session in the store (header, then the system prompt) and returns its id.
 *
 * @example
 * const sessionId = await startSession(options, { title: 'read and ticket', meta: { scenario: 'read-and-ticket' } })
 */
export async function startSession(options: LoopOptions, input: SessionInput): Promise<string> {
  const sessionId = options.ids.next('session')
  await options.store.createSession({
    id: sessionId,
    createdAt: options.clock.now(),
    title: input.title,
    meta: input.meta,
  })
  if (input.systemPrompt !== undefined) {
    await options.store.appendMessage(sessionId, { role: 'system', content: input.systemPrompt }, options.clock.now())
  }
  options.onEvent?.({ type: 'session', sessionId, resumed: false })
  return sessionId
}

/**
 * Runs one user message to the end: model turn, split, persist the assistant
 * turn with every child call, run the entries, append their results in
 * order, and again, until the model answers without tool calls, `maxRounds`
 * is reached, or the signal stops it.
 *
 * The model always reads the history back from the store, so what it sees is
 * exactly what was persisted.
 */
export async function runUserTurn(options: LoopOptions, sessionId: string, userText: string): Promise<UserTurnOutcome> {
  await options.store.appendMessage(sessionId, { role: 'user', content: userText }, options.clock.now())
  options.onEvent?.({ type: 'user', content: userText })
  return continueSession(options, sessionId)
}

/**
 * Runs model rounds on a session as it is stored, without a new user
 * message: what `runUserTurn` does after appending one, and what `resume`
 * does once every call of a crashed turn has a result again.
 */
export async function continueSession(options: LoopOptions, sessionId: string): Promise<UserTurnOutcome> {
  const emit = (event: LoopEvent): void => options.onEvent?.(event)
  const signal = options.signal ?? new AbortController().signal
  const { modelTools: tools, lookup } = sessionTools(options)

  const maxRounds = options.maxRounds ?? 8
  for (let round = 1; round <= maxRounds; round += 1) {
    if (signal.aborted) return stopped(emit, round - 1)
    const messages: Message[] = (await options.store.loadMessages(sessionId)).map((stored) => stored.message)
    const turn = await options.model.next({ messages, tools, signal })
    // Split before persisting: the stored turn, the ids, and every per-turn
    // count are those of the expanded list. OpenAI's hidden parallel wrapper
    // is unwrapped first, so a batch inside it is split too.
    const blocks = turn.anthropicBlocks === undefined ? {} : { anthropicBlocks: turn.anthropicBlocks }
    const unwrapped =
      options.splitBatches === false
        ? { toolCalls: turn.toolCalls, ...blocks }
        : expandParallelToolUse(turn.toolCalls, blocks)
    const expanded =
      options.splitBatches === false
        ? unwrapped
        : expandLocalToolBatches(
            unwrapped.toolCalls,
            unwrapped.anthropicBlocks === undefined ? {} : { anthropicBlocks: unwrapped.anthropicBlocks },
          )
    const toolCalls = expanded.toolCalls as readonly ToolCall[]
    const assistant: AssistantMessage = {
      role: 'assistant',
      content: turn.content,
      toolCalls,
      ...(expanded.anthropicBlocks === undefined
        ? {}
        : { anthropicBlocks: expanded.anthropicBlocks as AssistantMessage['anthropicBlocks'] & object }),
      modelCallCount: turn.toolCalls.length,
    }
    await options.store.appendAssistantTurn(sessionId, assistant, options.clock.now())
    emit({
      type: 'assistant',
      round,
      content: turn.content,
      modelCallCount: turn.toolCalls.length,
      callIds: toolCalls.map((call) => call.id),
    })
    if (toolCalls.length === 0) {
      emit({ type: 'done', content: turn.content, rounds: round })
      return { rounds: round, content: turn.content, stopped: false }
    }
    const context: EntryContext = { options, sessionId, signal, turnCallCount: toolCalls.length, emit }
    await runEntries(toolCalls, lookup, context)
    if (signal.aborted) return stopped(emit, round)
  }
  emit({ type: 'stopped', reason: `reached ${maxRounds} model round trips` })
  return { rounds: maxRounds, content: null, stopped: false }
}

function stopped(emit: (event: LoopEvent) => void, rounds: number): UserTurnOutcome {
  emit({ type: 'stopped', reason: 'stopped by the user' })
  return { rounds, content: null, stopped: true }
}

/**
 * Starts a session and runs its first user message.
 *
 * @example
 * const { sessionId } = await runSession(options, { title: 'demo', meta: {} }, 'read these files and open a ticket')
 */
export async function runSession(
  options: LoopOptions,
  input: SessionInput,
  userText: string,
): Promise<UserTurnOutcome & { readonly sessionId: string }> {
  const sessionId = await startSession(options, input)
  const outcome = await runUserTurn(options, sessionId, userText)
  return { sessionId, ...outcome }
}
