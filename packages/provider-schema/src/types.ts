/** The providers that have a profile (a table of rules) in this package. */
export type ProviderName = 'anthropic' | 'openai' | 'openai-strict' | 'gemini' | 'bedrock' | 'mistral' | 'generic'

/** Options of {@link prepareToolSchema} and {@link prepareToolset}. */
export interface PrepareToolSchemaOptions {
  /** Which provider the schema is sent to (one of `PROVIDER_NAMES`). */
  readonly provider: ProviderName
}

/**
 * One RFC 6902 operation. Structurally a superset of `@x/arg-coerce`'s
 * `CoercionPatchOperation`: restoring names also removes keys.
 */
export type JsonPatchOperation =
  | { readonly op: 'add' | 'replace'; readonly path: string; readonly value: unknown }
  | { readonly op: 'remove'; readonly path: string }

/** A tool schema prepared for one provider (frozen; cached per schema object and provider). */
export interface PreparedToolSchema {
  readonly provider: ProviderName
  /** What to send to the provider: valid for it (`checkProviderSchema` finds nothing). */
  readonly schema: Readonly<Record<string, unknown>>
  /**
   * The model's arguments (an object or JSON text) turned into the arguments
   * the tool expects. Never throws; unreadable JSON text comes back unchanged.
   */
  restoreArgs(modelArgs: unknown): unknown
  /** As {@link PreparedToolSchema.restoreArgs}, with the RFC 6902 patch from the model's arguments to the result. */
  restoreArgsWithPatch(modelArgs: unknown): { readonly args: unknown; readonly patch: readonly JsonPatchOperation[] }
  /**
   * The tool's arguments (its own names) turned into the form the model was
   * shown (renamed keys, strict-mode nulls, JSON text), for rewriting earlier
   * turns of a conversation. Never throws.
   */
  toModelArgs(toolArgs: unknown): unknown
}

/** A tool as MCP's `tools/list` describes it; extra fields are kept untouched in `PreparedTool.original`. */
export interface ToolDefinition {
  readonly name: string
  readonly description?: string
  readonly inputSchema: unknown
  readonly [key: string]: unknown
}

/** One tool of a {@link PreparedToolset}. */
export interface PreparedTool {
  /** The name sent to the provider: valid for it, unique in the set, deterministic. */
  readonly name: string
  readonly originalName: string
  readonly description?: string
  /** The very same object as `prepared.schema`. */
  readonly inputSchema: Readonly<Record<string, unknown>>
  readonly prepared: PreparedToolSchema
  /** The input entry, untouched (extra fields such as `title` or `annotations` live here). */
  readonly original: ToolDefinition
}

/** What {@link PreparedToolset.restoreCall} returns. */
export type RestoredCall =
  | { readonly ok: true; readonly name: string; readonly arguments: unknown; readonly tool: PreparedTool }
  | {
      readonly ok: false
      readonly reason: 'unknown-tool'
      readonly name: string
      readonly arguments: unknown
      readonly message: string
    }

/** A list of tools prepared for one provider. */
export interface PreparedToolset {
  readonly provider: ProviderName
  readonly tools: readonly PreparedTool[]
  /** A provider-side call turned into the original tool name and restored arguments; never throws. */
  restoreCall(call: { readonly name: string; readonly arguments: unknown }): RestoredCall
  /** The provider-side name of a tool, by its original name (`undefined` when unknown). */
  providerName(originalName: string): string | undefined
  /** An original-side call turned into the call as the model was shown it (for history); `undefined` when the tool is unknown. */
  toModelCall(call: {
    readonly name: string
    readonly arguments: unknown
  }): { readonly name: string; readonly arguments: unknown } | undefined
}

/** One rule a schema breaks for a provider. */
export interface ProviderSchemaViolation {
  /** The rule's id, as listed in the README (e.g. `property-name`). */
  readonly rule: string
  /** RFC 6901 pointer (string form) to the offending position of the schema. */
  readonly pointer: string
  readonly message: string
}
