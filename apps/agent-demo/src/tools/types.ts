// The tool registry entry every tool source produces: the in-memory demo
// tools of the turn loop and the MCP client adapter (src/mcp/) alike. Keep this
// file stable: other code is written against it.

/** A JSON value as it travels between model, loop and tool. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** A JSON object: tool arguments, schemas. */
export type JsonObject = { [key: string]: JsonValue }

/**
 * How the scheduler may run a tool.
 *
 * Consecutive entries whose tool is `parallelSafe` run together (bounded
 * worker count); any other entry runs alone, after everything before it has
 * finished and before anything after it starts. `kind` feeds approvals and
 * guardrails (writes may need approval); it does not change scheduling on its
 * own, so an adapter that wants "parallel-safe server, but writes one at a
 * time" sets `parallelSafe: false` on the write tools.
 */
export interface ConcurrencyPolicy {
  /** May run at the same time as other parallel-safe entries of the same turn. */
  readonly parallelSafe: boolean
  /** Whether the tool only reads (`'read'`) or changes something (`'write'`). */
  readonly kind: 'read' | 'write'
}

/** What a handler receives besides its arguments. */
export interface ToolContext {
  /** The id of the (child) call being executed: unique in the session. */
  readonly callId: string
  /** The session the call belongs to. */
  readonly sessionId: string
  /** The registered tool name (`mcp__<server>__<tool>`). */
  readonly toolName: string
  /**
   * Aborted when the turn is stopped while this call runs. Handlers should
   * pass it on (fetch, MCP `callTool`'s `signal`) and reject once aborted;
   * the loop then records a "cancelled" result. A handler that ignores it
   * simply finishes and its real result is kept.
   */
  readonly signal: AbortSignal
}

/** What a handler returns: the text the model reads, plus optional data. */
export interface ToolResult {
  /** The text handed back to the model as the tool message content. */
  readonly content: string
  /** True when the tool itself reports a failure (MCP `isError`). */
  readonly isError?: boolean
  /** Structured output for people and tests (MCP `structuredContent`); not sent to the model. */
  readonly data?: JsonValue
}

/** A handler: receives the final arguments (coerced, unmapped, validated, hook-modified). */
export type ToolHandler = (args: JsonObject, context: ToolContext) => Promise<ToolResult>

/** One tool in the registry. */
export interface ToolEntry {
  /** Exact name the model calls, `mcp__<server>__<tool>` for deferred tools. */
  readonly name: string
  /** Human description, shown by `tool_search`. */
  readonly description: string
  /**
   * The schema exactly as the tool declared it (MCP `inputSchema`), `$ref`s,
   * spaces in property names and all. The loop sanitizes it for the model and
   * validates the final arguments against this original.
   */
  readonly inputSchema: JsonObject
  /** Scheduling and approval policy. */
  readonly concurrency: ConcurrencyPolicy
  /**
   * The toolset the tool belongs to (for MCP: the server name). A session
   * enables toolsets; a tool of a disabled toolset is out of scope.
   */
  readonly toolset: string
  /** Executes one call. Called exactly once per dispatched entry. */
  readonly handler: ToolHandler
}

/**
 * A source of registry entries that holds resources (an MCP client over a
 * child process). The loop never calls it; the CLI collects `tools()` into a
 * registry before the session and calls `close()` after it.
 */
export interface ToolProvider {
  /** Toolset name, also the `<server>` part of the tool names. */
  readonly name: string
  /** Entries to register (connects on first call). */
  tools(): Promise<readonly ToolEntry[]>
  /** Releases the resources (closes the client, ends the child process). */
  close(): Promise<void>
}
