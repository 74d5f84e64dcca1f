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
export type NormalizedEntries =
  | { entries: ToolCallEntry[]; error?: never }
  | { error: string; entries?: never }

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
 * Provider-native copies of the same assistant turn, rewritten in step with
 * `toolCalls`. Each list is optional; only the lists given come back.
 */
export interface ExpandOptions<
  Anthropic = AnthropicContentBlock,
  Bedrock = BedrockContentBlock,
  Responses = ResponsesItem,
  Gemini = GeminiPart,
> {
  /** Anthropic content blocks of the assistant message, matched by `tool_use.id`. */
  anthropicBlocks?: readonly Anthropic[]
  /** Bedrock Converse content blocks, matched by `toolUse.toolUseId`. */
  bedrockBlocks?: readonly Bedrock[]
  /** OpenAI Responses output items, matched by `function_call.call_id`. */
  responsesItems?: readonly Responses[]
  /** Gemini parts, matched by `functionCall.id`, or by position when the part has no id. */
  geminiParts?: readonly Gemini[]
}

/**
 * The rewritten turn. A list that needed no change is the very same array
 * that was passed in; a provider list is present exactly when it was given.
 */
export interface ExpandResult<
  Call = ToolCall,
  Anthropic = AnthropicContentBlock,
  Bedrock = BedrockContentBlock,
  Responses = ResponsesItem,
  Gemini = GeminiPart,
> {
  toolCalls: ReadonlyArray<Call | ToolCall>
  anthropicBlocks?: ReadonlyArray<Anthropic | AnthropicToolUseBlock>
  bedrockBlocks?: ReadonlyArray<Bedrock | BedrockToolUseBlock>
  responsesItems?: ReadonlyArray<Responses | ResponsesFunctionCallItem>
  geminiParts?: ReadonlyArray<Gemini | GeminiFunctionCallPart>
}
