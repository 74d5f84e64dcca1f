import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { inferProvider } from './infer-provider.js'

describe('inferProvider', () => {
  it.each(
    deepFreeze([
      // The provider ids the AI SDK's own providers report.
      ['openai.chat', 'gpt-4.1', 'openai'],
      ['openai.responses', 'gpt-5', 'openai'],
      ['azure.chat', 'my-deployment', 'openai'],
      ['anthropic.messages', 'claude-sonnet-4-5', 'anthropic'],
      ['vertex.anthropic.messages', 'claude-sonnet-4-5', 'anthropic'],
      ['google.generative-ai', 'gemini-2.5-flash', 'gemini'],
      ['google.vertex.chat', 'gemini-2.5-pro', 'gemini'],
      ['vertex', 'gemini-2.5-pro', 'gemini'],
      ['amazon-bedrock', 'anthropic.claude-3-5-sonnet', 'bedrock'],
      ['mistral.chat', 'mistral-large-latest', 'mistral'],
      ['gateway', 'anthropic/claude-sonnet-4', 'anthropic'],
      ['gateway', 'google/gemini-2.5-pro', 'gemini'],
      ['gateway', 'xai/grok-4', 'generic'],
      ['xai.chat', 'grok-4', 'generic'],
      ['groq.chat', 'llama-3.3-70b', 'generic'],
      ['mock-provider', 'mock-model-id', 'generic'],
      ['openaiish.chat', 'x', 'generic'],
      ['', '', 'generic'],
    ] as const),
  )('%s / %s -> %s', (provider, modelId, expected) => {
    expect(inferProvider({ provider, modelId })).toBe(expected)
  })

  it.each([{}, { provider: 42 }, { provider: null, modelId: 'openai/gpt-5' }, { provider: 'gateway', modelId: 7 }])(
    'reads %j as generic, without throwing',
    (model) => {
      expect(inferProvider(model)).toBe('generic')
    },
  )

  it('never infers OpenAI strict mode (it changes what optional means)', () => {
    expect(inferProvider({ provider: 'openai.responses', modelId: 'gpt-5-strict' })).toBe('openai')
  })
})
