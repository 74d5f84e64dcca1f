/**
 * The shapes this package reads and writes. Inputs are read defensively
 * (anything that does not match is passed through untouched), so these types
 * document what is *recognised*, not what is required.
 */

/**
 * An OpenAI Chat Completions style tool call, the shape of `toolCalls`.
 *
 * `id` is the pairing id a tool result must carry (for OpenAI Responses
 * items, the `call_id`). `arguments` is normally a JSON string; an already
 * parsed object is read too. Children this package creates always carry a
 * compact JSON string.
 */
export interface ToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** One normalized `tool_call` entry: a trimmed tool name and an arguments object. */
export interface ToolCallEntry {
  name: string
  arguments: Record<string, unknown>
}

/** What {@link normalizeToolCallEntries} returns: the entries, or why there are none. */
export type NormalizedEntries = { entries: ToolCallEntry[]; error?: never } | { error: string; entries?: never }

/** An Anthropic Messages `tool_use` content block. */
export interface AnthropicToolUseBlock {
  type: 'tool_use'
  id: string
  name: string
  input: unknown
  cache_control?: unknown
}

/** Any Anthropic content block: `thinking`, `redacted_thinking`, `text`, `tool_use`, ... */
export type AnthropicContentBlock =
  | AnthropicToolUseBlock
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'text'; text: string }
  | { type: string }

/** A Bedrock Converse `toolUse` content block. */
export interface BedrockToolUseBlock {
  toolUse: { toolUseId: string; name: string; input: unknown }
}

/** Any Bedrock Converse content block: `reasoningContent`, `text`, `toolUse`, ... */
export type BedrockContentBlock = BedrockToolUseBlock | Record<string, unknown>

/**
 * An OpenAI Responses `function_call` item. `call_id` pairs it with its
 * `function_call_output`; `id` (`fc_...`) names the item itself.
 */
export interface ResponsesFunctionCallItem {
  type: 'function_call'
  call_id: string
  name: string
  arguments: string
  id?: string
  status?: string
}

/** Any OpenAI Responses item: `reasoning`, `message`, `function_call`, ... */
export type ResponsesItem = ResponsesFunctionCallItem | { type: string }

/** A Gemini `functionCall` part, possibly signed with a `thoughtSignature`. */
export interface GeminiFunctionCallPart {
  functionCall: { name: string; args?: Record<string, unknown>; id?: string }
  thoughtSignature?: string
}

/** Any Gemini part: `text`, `thought`, `functionCall`, ... */
export type GeminiPart = GeminiFunctionCallPart | Record<string, unknown>

/**
 * What a caller's tool calls must look like to the type checker. Everything is
 * optional because the functions read defensively at run time (an SDK call
 * type with extra fields, or a custom-tool variant without `function`, is
 * accepted), but a list of numbers or strings is not a list of tool calls.
 */
export interface ToolCallLike {
  readonly id?: string
  readonly type?: string
  readonly function?: { readonly name?: string; readonly arguments?: unknown }
}

/**
 * The providers whose id rules the ids follow (see the README's id table).
 * `generic`, the default, is valid for OpenAI, Anthropic, Bedrock and Gemini
 * at once; Mistral accepts only its own nine-character ids. `openai-strict`
 * is an alias of `openai`, so a provider name chosen for a schema profile can
 * be passed through unchanged.
 */
export type CallIdProvider = 'generic' | 'openai' | 'openai-strict' | 'anthropic' | 'bedrock' | 'gemini' | 'mistral'

/** The provider whose id format new and repaired ids follow. */
export interface CallIdOptions {
  /** Defaults to `'generic'`. Any other value is a programmer error: a `TypeError`. */
  readonly provider?: CallIdProvider | undefined
}

/**
 * The tool-call ids of one message, kept unique in the provider's format
 * (what {@link createCallIdRegistry} returns).
 */
export interface CallIdRegistry {
  /**
   * `id` when it is free and valid for the provider, else a deterministic
   * replacement that is both; the result is recorded as taken.
   */
  claim(id: string): string
  /** Records an id already in the message (the provider's own), without renaming or checking it. */
  note(id: string): void
}

/**
 * The provider list table, on the type side: each key is an option name and
 * `reads` is the element type that list holds by default (any element type is
 * accepted, and flows through), `writes` the block a split puts in its place.
 * A new provider format is one row here and one row of the run-time table.
 */
export interface ProviderLists {
  /** Anthropic Messages content blocks, matched by `tool_use.id`. */
  anthropicBlocks: { reads: AnthropicContentBlock; writes: AnthropicToolUseBlock }
  /** Bedrock Converse content blocks, matched by `toolUse.toolUseId`. */
  bedrockBlocks: { reads: BedrockContentBlock; writes: BedrockToolUseBlock }
  /** OpenAI Responses output items, matched by `function_call.call_id`. */
  responsesItems: { reads: ResponsesItem; writes: ResponsesFunctionCallItem }
  /** Gemini parts, matched by `functionCall.id`, or by position when the part has no id. */
  geminiParts: { reads: GeminiPart; writes: GeminiFunctionCallPart }
}

/** The option names of the provider lists: `anthropicBlocks`, `bedrockBlocks`, `responsesItems`, `geminiParts`. */
export type ProviderListName = keyof ProviderLists

/** The element type of each provider list, by option name. */
export type ProviderListElements = { [Name in ProviderListName]: unknown }

/** The default element types: the shapes of {@link ProviderLists}. */
export type DefaultListElements = { [Name in ProviderListName]: ProviderLists[Name]['reads'] }

/**
 * Provider-native copies of the same assistant turn, rewritten in step with
 * `toolCalls`, and the provider whose id format new ids follow. Each list is
 * optional; only the lists given come back. `Elements` gives each list's
 * element type.
 */
export type ExpandOptions<Elements extends ProviderListElements = DefaultListElements> = CallIdOptions & {
  readonly [Name in ProviderListName]?: readonly Elements[Name][] | undefined
}

// The element type a caller's options give one list (never when absent); a
// union of option shapes (`{} | { anthropicBlocks }`) gives the union.
type ListElement<Options, Name extends ProviderListName> = Options extends unknown
  ? Name extends keyof Options
    ? [NonNullable<Options[Name]>] extends [never]
      ? never
      : NonNullable<Options[Name]> extends readonly (infer Element)[]
        ? Element
        : never
    : never
  : never

/**
 * The rewritten turn: the caller's own call and block types, plus the
 * shapes a split writes. A list that needed no change is the very same
 * array that was passed in; a provider list is present exactly when it was
 * given.
 */
export type ExpandResult<Call = ToolCall, Options = ExpandOptions> = {
  readonly toolCalls: ReadonlyArray<Call | ToolCall>
} & {
  readonly [Name in ProviderListName]?: ReadonlyArray<ListElement<Options, Name> | ProviderLists[Name]['writes']>
}
