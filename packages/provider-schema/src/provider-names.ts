import type { ProviderName } from './types.js'

/** Every provider with a profile, in the order the README lists them. */
export const PROVIDER_NAMES: readonly ProviderName[] = Object.freeze([
  'anthropic',
  'openai',
  'openai-strict',
  'gemini',
  'bedrock',
  'mistral',
  'generic',
] as const)
