import { prepareToolset } from '@x/provider-schema'
import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { rewritePrompt } from './rewrite-prompt.js'
import type { CallOptions } from './types.js'

const toolset = prepareToolset(
  [{ name: 'create ticket', inputSchema: { type: 'object', properties: { 'first name': { type: 'string' } } } }],
  { provider: 'openai' },
)
const shownName = toolset.providerName('create ticket')!
const signed = { type: 'reasoning', text: 'think', providerOptions: { anthropic: { signature: 'sig' } } } as const

const prompt = deepFreeze([
  { role: 'user', content: [{ type: 'text', text: 'go' }] },
  {
    role: 'assistant',
    content: [
      signed,
      { type: 'text', text: 'calling' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'create ticket', input: { 'first name': 'Ada' } },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'web_search', input: {}, providerExecuted: true },
      { type: 'tool-call', toolCallId: 'c3', toolName: 'unknown', input: { 'a b': 1 } },
    ],
  },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: 'c1', toolName: 'create ticket', output: { type: 'text', value: 'ok' } },
    ],
  },
]) as unknown as CallOptions['prompt']

describe('rewritePrompt', () => {
  const out = rewritePrompt(prompt, toolset)
  const assistant = out[1] as Extract<CallOptions['prompt'][number], { role: 'assistant' }>

  it('writes earlier calls of known tools with the name and keys the model is shown', () => {
    const call = assistant.content[2]!
    expect(call.type === 'tool-call' ? [call.toolName, call.input] : undefined).toEqual([
      shownName,
      { first_name: 'Ada' },
    ])
  })

  it('writes tool results with the name the model is shown', () => {
    const result = (out[2] as { content: Array<{ toolName: string }> }).content[0]!
    expect(result.toolName).toBe(shownName)
  })

  it('keeps reasoning (signed), text, provider-executed and unknown calls as the very same objects', () => {
    const before = (prompt[1] as { content: unknown[] }).content
    expect([0, 1, 3, 4].map((index) => assistant.content[index] === before[index])).toEqual([true, true, true, true])
  })

  it('keeps messages it changes nothing in as the very same objects, and a prompt without tools as itself', () => {
    expect([out[0] === prompt[0], rewritePrompt(prompt.slice(0, 1), toolset)]).toEqual([true, prompt.slice(0, 1)])
    const untouched = prompt.slice(0, 1)
    expect(rewritePrompt(untouched, toolset)).toBe(untouched)
  })
})
