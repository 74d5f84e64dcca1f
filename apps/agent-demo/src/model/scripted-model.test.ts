import { describe, expect, it } from 'vitest'
import { createScriptedModel, parseScript } from './scripted-model.js'

describe('scripted model', () => {
  it('replays the recorded turns in order and says when the script is exhausted', async () => {
    const model = createScriptedModel({ name: 's', user: 'u', turns: [{ content: 'one' }] })
    expect(await model.next({ messages: [], tools: [] })).toEqual({ content: 'one', toolCalls: [] })
    await expect(model.next({ messages: [], tools: [] })).rejects.toThrow(
      "model script 's' has no turn 2 (it records 1)",
    )
  })

  it('rejects a fixture that is not a script, saying what it expected', () => {
    expect(() =>
      parseScript({ name: 's', user: 'u', turns: [{ content: null, tool_calls: [{ id: 1 }] }] }, 'x.json'),
    ).toThrow('model script x.json: expected turns[0].tool_calls entries like')
  })
})
