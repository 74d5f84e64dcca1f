// Messages as the loop, the model and the store see them (OpenAI Chat
// Completions shape, camelCased), and the model interface. Keep this file
// stable: the stores and the MCP wiring are written against it.
import type { JsonObject, JsonValue } from '../tools/types.js'

/** One call in an assistant turn, OpenAI `tool_calls` shape. */
export interface ToolCall {
  /** Call id; after a split the first child keeps the parent's, the others are deterministic. */
  readonly id: string
  /** Always `'function'`. */
  readonly type: 'function'
  readonly function: {
    /** Tool name the model called (`tool_call`, `tool_search`, or a registered name). */
    readonly name: string
    /** Arguments as the model sent them: a JSON string (not always valid JSON). */
    readonly arguments: string
  }
}

/** The system prompt. */
export interface SystemMessage {
  readonly role: 'system'
  readonly content: string
}

/** What the person typed. */
export interface UserMessage {
  readonly role: 'user'
  readonly content: string
}

/** One assistant turn, stored after batch expansion with every child call. */
export interface AssistantMessage {
  readonly role: 'assistant'
  /** Text of the turn, `null` when it only calls tools. */
  readonly content: string | null
  /** Every call of the turn, batches already split, in order. */
  readonly toolCalls: readonly ToolCall[]
  /** Native Anthropic block list, rewritten in position by the split (signed thinking untouched). */
  readonly anthropicBlocks?: readonly JsonValue[]
  /** How many calls the model itself sent, before the split (for the per-turn report). */
  readonly modelCallCount?: number
}

/** How an entry ended. Every call id gets exactly one result with one of these. */
export type ResultStatus =
  | 'ok' // the tool ran and succeeded
  | 'tool_error' // the tool ran and reported or threw an error
  | 'out_of_scope' // tool unknown or its toolset not enabled in this session
  | 'malformed' // the tool_call envelope or entry could not be read
  | 'batch_rejected' // more than one local entry reached the dispatcher
  | 'invalid_args' // schema validation failed; tool not invoked
  | 'blocked' // a pre_tool_call hook or a guardrail blocked it
  | 'denied' // approval refused
  | 'skipped' // the turn was stopped before this entry started
  | 'cancelled' // the turn was stopped while this entry ran
  | 'interrupted' // the process died while this entry ran (set on resume)

/** One decision taken about an entry before dispatch, for the transcript and the terminal. */
export interface EntryDecision {
  /** Who decided: `hook:<plugin>`, `guardrail:<name>`, `approval`. */
  readonly by: string
  /** `allow`, `modify`, `ask`, `block`, `approve`, `deny`. */
  readonly action: string
  /** Why, when given. */
  readonly message?: string
}

/** The result of one call, paired with its id. */
export interface ToolMessage {
  readonly role: 'tool'
  /** The id of the call this answers. */
  readonly toolCallId: string
  /** The text the model reads. */
  readonly content: string
  readonly status: ResultStatus
  /** The underlying tool (the entry's name for a `tool_call`), when known. */
  readonly tool?: string
  /** The arguments the model sent for the entry (before normalization). */
  readonly argsSent?: JsonValue
  /** The arguments the tool received (coerced, unmapped, hook-modified). */
  readonly argsReceived?: JsonObject
  /** Hook, guardrail and approval decisions, in order. */
  readonly decisions?: readonly EntryDecision[]
  /** Structured output of the tool, if any. */
  readonly data?: JsonValue
  /**
   * Wall-clock facts. Not part of the replayed transcript: replay compares
   * everything except this field (durations differ between runs when tools
   * do real I/O).
   */
  readonly timing?: { readonly startedAt: number; readonly durationMs: number }
}

/** Any message of a session. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage

/** A tool as offered to the model (sanitized schema). */
export interface ToolDefinition {
  readonly name: string
  readonly description: string
  /** Provider-safe schema (property names sanitized). */
  readonly parameters: JsonObject
}

/** What the model returns for one request. */
export interface ModelTurn {
  readonly content: string | null
  readonly toolCalls: readonly ToolCall[]
  /** The provider's native block list, when it has one (Anthropic). */
  readonly anthropicBlocks?: readonly JsonValue[]
}

/** One request to the model. */
export interface ModelRequest {
  /** The whole history, oldest first. */
  readonly messages: readonly Message[]
  /** Tools the model may call this turn. */
  readonly tools: readonly ToolDefinition[]
  readonly signal?: AbortSignal
}

/** A model: messages and tools in, one assistant turn out. */
export interface Model {
  /** Identifies the model in session metadata (`script:<name>`, `openai:<model>`). */
  readonly name: string
  /** Produces the next assistant turn. */
  next(request: ModelRequest): Promise<ModelTurn>
}
