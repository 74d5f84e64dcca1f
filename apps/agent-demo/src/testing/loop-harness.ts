// Test support: a loop wired to fake tools, a scripted model and a store that
// writes one shared log, so tests assert on the ORDER of things (dispatch
// start/end, store writes) and never on time.
import { createSequentialIds, createStepClock } from '../loop/clock.js'
import { runSession } from '../loop/run-session.js'
import type { LoopEvent, LoopOptions } from '../loop/types.js'
import { createScriptedModel, type ScriptTurn } from '../model/scripted-model.js'
import type { AssistantMessage, Message, ToolCall, ToolMessage } from '../model/types.js'
import { createMemoryStore } from '../store/memory-store.js'
import type { SessionStore } from '../store/types.js'
import { createRegistry } from '../tools/registry.js'
import type { JsonObject, JsonValue, ToolEntry, ToolResult } from '../tools/types.js'

/** Yields to the event loop `count` times (setImmediate), so concurrent handlers interleave. */
export async function ticks(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) await new Promise((resolve) => setImmediate(resolve))
}

/** A `tool_call` bridge call carrying `entries`. */
export function bridgeCall(id: string, entries: readonly (readonly [string, JsonValue])[]): ToolCall {
  return {
    id,
    type: 'function',
    function: {
      name: 'tool_call',
      arguments: JSON.stringify({ calls: entries.map(([name, args]) => ({ name, arguments: args })) }),
    },
  }
}

/** Options of a fake tool. */
export interface FakeToolOptions {
  readonly toolset?: string
  readonly parallelSafe?: boolean
  readonly kind?: 'read' | 'write'
  readonly schema?: JsonObject
  /** Event-loop turns the handler takes (0: resolves at once). */
  readonly ticks?: number
  /** Replaces the default `ran <name>` result; may throw. */
  readonly run?: (args: JsonObject, callId: string, signal: AbortSignal) => Promise<ToolResult>
}

/** A tool that logs `start:<callId>` and `end:<callId>` and records what it received. */
export function fakeTool(
  name: string,
  log: string[],
  received: Map<string, JsonObject>,
  options: FakeToolOptions = {},
): ToolEntry {
  return {
    name,
    description: `fake ${name}`,
    toolset: options.toolset ?? 'files',
    concurrency: { parallelSafe: options.parallelSafe ?? true, kind: options.kind ?? 'read' },
    inputSchema: options.schema ?? { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    async handler(args, context) {
      log.push(`start:${context.callId}`)
      received.set(context.callId, args)
      try {
        await ticks(options.ticks ?? 0)
        return options.run === undefined
          ? { content: `ran ${name} ${JSON.stringify(args)}` }
          : await options.run(args, context.callId, context.signal)
      } finally {
        log.push(`end:${context.callId}`)
      }
    },
  }
}

/** A memory store whose writes are logged (`store:assistant:<ids>`, `store:result:<id>`). */
export function recordingStore(log: string[]): SessionStore {
  const store = createMemoryStore()
  return {
    ...store,
    async appendAssistantTurn(sessionId, message, at) {
      log.push(`store:assistant:${message.toolCalls.map((call) => call.id).join(',')}`)
      return store.appendAssistantTurn(sessionId, message, at)
    },
    async appendToolResult(sessionId, message, at) {
      log.push(`store:result:${message.toolCallId}`)
      return store.appendToolResult(sessionId, message, at)
    },
  }
}

/** Runs one user message through the loop with a script of turns; returns what happened. */
export async function runScripted(
  turns: readonly ScriptTurn[],
  tools: readonly ToolEntry[],
  options: Partial<Omit<LoopOptions, 'model' | 'registry' | 'store' | 'clock' | 'ids'>> & {
    readonly log?: string[]
  } = {},
): Promise<{
  sessionId: string
  messages: Message[]
  results: ToolMessage[]
  calls: readonly ToolCall[]
  events: LoopEvent[]
  store: SessionStore
}> {
  const { log = [], ...loopOptions } = options
  const events: LoopEvent[] = []
  const store = recordingStore(log)
  const outcome = await runSession(
    {
      model: createScriptedModel({ name: 'test', user: 'go', turns }),
      registry: createRegistry(tools),
      store,
      clock: createStepClock(0, 1),
      ids: createSequentialIds('test'),
      enabledToolsets: ['files', 'tickets'],
      ...loopOptions,
      onEvent: (event) => {
        events.push(event)
        loopOptions.onEvent?.(event)
      },
    },
    { title: 'test', meta: {} },
    'go',
  )
  const messages = (await store.loadMessages(outcome.sessionId)).map((stored) => stored.message)
  const assistant = messages.find(
    (message): message is AssistantMessage => message.role === 'assistant' && message.toolCalls.length > 0,
  )
  return {
    sessionId: outcome.sessionId,
    messages,
    results: messages.filter((message): message is ToolMessage => message.role === 'tool'),
    calls: assistant?.toolCalls ?? [],
    events,
    store,
  }
}

/** A script: one turn with `calls`, then a closing text turn. */
export function oneBatch(...calls: ToolCall[]): ScriptTurn[] {
  return [{ content: null, tool_calls: calls }, { content: 'done' }]
}
