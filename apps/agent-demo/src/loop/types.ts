// What the loop is configured with, and what it reports while it runs.
import type { ProviderName } from '@x/provider-schema'
import type { EntryDecision, Model, ToolMessage } from '../model/types.js'
import type { SessionStore } from '../store/types.js'
import type { ToolRegistry } from '../tools/registry.js'
import type { JsonObject, JsonValue } from '../tools/types.js'
import type { Clock, IdGenerator } from './clock.js'

/** What hooks and guardrails see about one entry. */
export interface ToolCallEvent {
  readonly sessionId: string
  /** The entry's own call id (after the split). */
  readonly callId: string
  /** The underlying tool, never `tool_call`. */
  readonly toolName: string
  /** The arguments as they stand (normalized, validated, modified by earlier hooks). */
  readonly args: JsonObject
  readonly kind: 'read' | 'write'
  /** Position of the entry in the expanded turn. */
  readonly entryIndex: number
  /** Number of calls in the expanded turn (what budgets count). */
  readonly turnCallCount: number
}

/** What a `pre_tool_call` hook may answer; `undefined` means allow. */
export type PreToolCallDecision =
  | undefined
  | { readonly action: 'allow' }
  | { readonly action: 'block'; readonly message: string }
  | { readonly action: 'modify'; readonly args: JsonObject; readonly message?: string }
  | { readonly action: 'ask'; readonly message?: string }

/** A plugin: hooks around every dispatched entry. */
export interface Plugin {
  readonly name: string
  /** Runs once per entry, in plugin order, after validation. A block stops the entry. */
  preToolCall?(event: ToolCallEvent): PreToolCallDecision | Promise<PreToolCallDecision>
  /** Runs once per dispatched entry with its result and duration. Errors are reported, not thrown. */
  postToolCall?(
    event: ToolCallEvent & { readonly result: ToolMessage; readonly durationMs: number },
  ): void | Promise<void>
}

/** A guardrail: a hard rule checked after the hooks; a string answer blocks with that message. */
export interface Guardrail {
  readonly name: string
  check(event: ToolCallEvent): string | undefined | Promise<string | undefined>
}

/** An approval request for one entry. */
export interface ApprovalRequest extends ToolCallEvent {
  /** Why approval is needed (`write tool`, a hook's message). */
  readonly reason: string
  readonly signal: AbortSignal
}

/** Decides one entry; `true` approves. A denial blocks only that entry. */
export type Approver = (request: ApprovalRequest) => Promise<boolean>

/** When the loop asks for approval on its own (hooks may always ask). */
export type ApprovalMode = 'never' | 'writes' | 'always'

/** Something the loop did, for the terminal renderer and tests. */
export type LoopEvent =
  | { readonly type: 'session'; readonly sessionId: string; readonly resumed: boolean }
  | { readonly type: 'user'; readonly content: string }
  | {
      readonly type: 'assistant'
      readonly round: number
      readonly content: string | null
      /** Calls the model sent. */
      readonly modelCallCount: number
      /** Calls after the split (what runs, what budgets count). */
      readonly callIds: readonly string[]
    }
  | { readonly type: 'decision'; readonly callId: string; readonly decision: EntryDecision }
  | {
      readonly type: 'dispatch'
      readonly callId: string
      readonly tool: string
      readonly args: JsonObject
      readonly at: number
    }
  | { readonly type: 'result'; readonly index: number; readonly message: ToolMessage }
  | { readonly type: 'hook_error'; readonly callId: string; readonly plugin: string; readonly message: string }
  | { readonly type: 'stopped'; readonly reason: string }
  | { readonly type: 'done'; readonly content: string | null; readonly rounds: number }

/** The two argument fixes of the per-entry path; both on by default. */
export interface ArgumentFixes {
  /** `coerceToolArgs`: `"5"` becomes `5` where the schema says integer. */
  readonly coerce: boolean
  /** `unmapArgKeys`: `first_name` becomes the declared `first name`. */
  readonly restoreKeys: boolean
}

/** Everything one session run needs. Nothing here is global: two loops can run side by side. */
export interface LoopOptions {
  readonly model: Model
  readonly registry: ToolRegistry
  readonly store: SessionStore
  readonly clock: Clock
  readonly ids: IdGenerator
  /** Toolsets (MCP server names) enabled in this session; other tools are out of scope. */
  readonly enabledToolsets: readonly string[]
  readonly plugins?: readonly Plugin[]
  readonly guardrails?: readonly Guardrail[]
  /** Default `'never'`. */
  readonly approvalMode?: ApprovalMode
  /** Required when approvals can happen; without it they are denied. */
  readonly approver?: Approver
  /** Most parallel-safe entries running at once (default 4). */
  readonly maxWorkers?: number
  /**
   * Split batched `tool_call`s before persisting (default true). `false` is
   * the old contract, kept for `compare`: a multi-entry local batch reaches
   * the dispatcher and gets `localBatchError`'s correction.
   */
  readonly splitBatches?: boolean
  /**
   * Which argument fixes run (default both). With either off the loop does
   * not validate the arguments itself either: they reach the tool, and the
   * tool's own validation error is what the model reads, as it would without
   * the fix. Kept for `compare`.
   */
  readonly argumentFixes?: ArgumentFixes
  /**
   * Prepare the tools for this provider (`@x/provider-schema`): the model is
   * shown `prepareToolset`'s names and schemas, and each entry's call is
   * turned back into the tool's own name and arguments with `restoreCall`.
   * Default `generic` (names made portable, every keyword kept), which gives
   * the transcript the loop's earlier coerce-then-unmap steps gave.
   */
  readonly provider?: ProviderName
  /** Most model round trips for one user message (default 8). */
  readonly maxRounds?: number
  /** Stops the session: entries not started are skipped, no further model call is made. */
  readonly signal?: AbortSignal
  readonly onEvent?: (event: LoopEvent) => void
}

/** Session-level facts the loop records for replay. */
export interface SessionInput {
  readonly title: string
  /** Stored in the session header (scenario, script...); see `SessionRecord.meta`. */
  readonly meta: { readonly [key: string]: JsonValue }
  readonly systemPrompt?: string
}
