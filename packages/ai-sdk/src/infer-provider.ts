import type { ProviderName } from '@x/provider-schema'

// AI SDK provider ids are `<provider>.<api>` (`openai.responses`,
// `anthropic.messages`, `google.generative-ai`, `google.vertex.chat`,
// `vertex.anthropic.messages`, `amazon-bedrock`, `mistral.chat`,
// `azure.chat`). First match wins: Anthropic models served through Vertex
// speak the Anthropic Messages API, so that rule comes first.
const PROVIDER_ID_RULES: ReadonlyArray<readonly [RegExp, ProviderName]> = [
  [/(^|[.-])anthropic([.-]|$)/, 'anthropic'],
  [/^(amazon-)?bedrock([.-]|$)/, 'bedrock'],
  [/^(openai|azure)([.-]|$)/, 'openai'],
  [/^(google|vertex)([.-]|$)/, 'gemini'],
  [/^mistral([.-]|$)/, 'mistral'],
]

// The AI Gateway serves every vendor under one provider id; its model ids
// name the vendor (`anthropic/claude-sonnet-4`, `openai/gpt-5`).
const GATEWAY_VENDORS: Readonly<Record<string, ProviderName>> = {
  anthropic: 'anthropic',
  openai: 'openai',
  google: 'gemini',
  vertex: 'gemini',
  bedrock: 'bedrock',
  mistral: 'mistral',
}

/**
 * The `@x/provider-schema` profile for an AI SDK model, read from its
 * `provider` id (and, for the AI Gateway, from its model id's vendor).
 *
 * `openai.*` and `azure.*` -> `openai`, `anthropic.*` (also through Vertex)
 * -> `anthropic`, `google.*` and `vertex.*` -> `gemini`, `amazon-bedrock`
 * -> `bedrock`, `mistral.*` -> `mistral`; anything else (xAI, Groq, an
 * OpenAI-compatible server, a mock) -> `generic`, the rules every provider
 * accepts. OpenAI's strict mode is never inferred: it changes what optional
 * properties mean, so it is asked for explicitly.
 *
 * Never throws: a model without a readable id is `generic`.
 *
 * @example
 * ```ts
 * inferProvider({ provider: 'openai.responses', modelId: 'gpt-5' }) // => 'openai'
 * inferProvider({ provider: 'gateway', modelId: 'anthropic/claude-sonnet-4' }) // => 'anthropic'
 * inferProvider({ provider: 'xai.chat', modelId: 'grok-4' }) // => 'generic'
 * ```
 */
export function inferProvider(model: { readonly provider?: unknown; readonly modelId?: unknown }): ProviderName {
  const provider = typeof model?.provider === 'string' ? model.provider.toLowerCase() : ''
  if (provider === 'gateway' && typeof model.modelId === 'string') {
    const vendor = model.modelId.toLowerCase().split('/', 1)[0]!
    return Object.hasOwn(GATEWAY_VENDORS, vendor) ? GATEWAY_VENDORS[vendor]! : 'generic'
  }
  for (const [pattern, name] of PROVIDER_ID_RULES) if (pattern.test(provider)) return name
  return 'generic'
}
