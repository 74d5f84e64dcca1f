import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { deepFreeze } from '@x/test-utils'
import { prepareToolSchema } from './prepare-tool-schema.js'
import { prepareToolset } from './prepare-toolset.js'
import { PROVIDER_NAMES } from './provider-names.js'

const object = {
  type: 'object',
  properties: { 'file path': { type: 'string' }, lines: { type: 'integer' } },
  required: ['file path'],
}
const tools = deepFreeze([
  {
    name: 'read_file',
    title: 'Read a file',
    description: 'Reads a file',
    inputSchema: object,
    annotations: { readOnlyHint: true },
  },
  { name: 'github.create_issue', inputSchema: { type: 'object', properties: { title: { type: 'string' } } } },
  { name: 'a'.repeat(80), inputSchema: { type: 'object' } },
  { name: '3d render', inputSchema: { type: 'object' } },
  { name: '', inputSchema: { type: 'object' } },
  { name: 'read_file', inputSchema: { type: 'object' } },
])

const RULES = {
  anthropic: /^[a-zA-Z0-9_-]{1,64}$/,
  openai: /^[a-zA-Z0-9_-]{1,64}$/,
  'openai-strict': /^[a-zA-Z0-9_-]{1,64}$/,
  gemini: /^[a-zA-Z_][a-zA-Z0-9_.-]{0,62}$/,
  bedrock: /^[a-zA-Z0-9_-]{1,64}$/,
  mistral: /^[a-zA-Z0-9_-]{1,64}$/,
  generic: /^[a-zA-Z_][a-zA-Z0-9_-]{0,62}$/,
} as const

describe('prepareToolset: names', () => {
  it.each(PROVIDER_NAMES)('%s: every name is valid for the provider and unique', (provider) => {
    const names = prepareToolset(tools, { provider }).tools.map((tool) => tool.name)
    for (const name of names) expect(name).toMatch(RULES[provider])
    expect(new Set(names).size).toBe(names.length)
  })

  it('keeps a valid name as it is, and gives the others a tag of their own name', () => {
    const names = prepareToolset(tools, { provider: 'anthropic' }).tools.map((tool) => tool.name)
    expect(names[0]).toBe('read_file')
    expect(names[1]).toMatch(/^github_create_issue_[0-9a-z]{6}$/)
    expect(names[5]).toMatch(/^read_file_[0-9a-z]{6}$/)
  })

  it('keeps a leading digit behind an underscore where it may not come first', () => {
    expect(prepareToolset(tools, { provider: 'gemini' }).tools[3]!.name).toMatch(/^_3d_render_[0-9a-z]{6}$/)
  })

  it('is deterministic', () => {
    const first = prepareToolset(tools, { provider: 'gemini' }).tools.map((tool) => tool.name)
    expect(prepareToolset(structuredClone(tools), { provider: 'gemini' }).tools.map((tool) => tool.name)).toEqual(first)
  })

  it('is stable when a tool is added, at either end', () => {
    const before = prepareToolset(tools, { provider: 'openai' }).tools.map((tool) => tool.name)
    const added = { name: 'github create issue', inputSchema: {} }
    const after = prepareToolset([added, ...tools, { name: 'github.create_issue!', inputSchema: {} }], {
      provider: 'openai',
    }).tools.map((tool) => tool.name)
    expect(after.slice(1, -1)).toEqual(before)
  })
})

describe('prepareToolset: name laws', () => {
  const names = fc.array(
    fc.oneof(
      fc.stringMatching(/^[a-z_.: -]{0,8}$/),
      fc.string({ maxLength: 70 }),
      fc.constantFrom('read_file', 'read file', 'a'.repeat(70)),
    ),
    { maxLength: 12 },
  )
  const asTools = (list: readonly string[]) => list.map((name) => ({ name, inputSchema: { type: 'object' } }))

  it('every name is valid and unique, for any list, on every profile', () => {
    fc.assert(
      fc.property(names, fc.constantFrom(...PROVIDER_NAMES), (list, provider) => {
        const sent = prepareToolset(asTools(list), { provider }).tools.map((tool) => tool.name)
        for (const name of sent) expect(name).toMatch(RULES[provider])
        expect(new Set(sent).size).toBe(sent.length)
      }),
    )
  })

  it('adding tools with new names, before or after, renames none of the others', () => {
    fc.assert(
      fc.property(names, names, names, fc.constantFrom(...PROVIDER_NAMES), (before, list, after, provider) => {
        const unique = [...new Set(list)]
        const added = [...before, ...after].filter((name) => !unique.includes(name))
        const alone = prepareToolset(asTools(unique), { provider }).tools.map((tool) => tool.name)
        const within = prepareToolset(
          asTools([...added.slice(0, before.length), ...unique, ...added.slice(before.length)]),
          { provider },
        )
        const sent = unique.map((name) => within.providerName(name))
        // Only a tag collision (a counter) could move a name: six base-36 digits make that negligible here.
        expect(sent).toEqual(alone)
      }),
    )
  })
})

describe('prepareToolset: tools', () => {
  const toolset = prepareToolset(tools, { provider: 'openai-strict' })

  it('keeps the entry untouched as original, with the prepared schema beside it', () => {
    const tool = toolset.tools[0]!
    expect(tool.original).toBe(tools[0])
    expect(tool.originalName).toBe('read_file')
    expect(tool.description).toBe('Reads a file')
    expect(tool.prepared).toBe(prepareToolSchema(object, { provider: 'openai-strict' }))
    expect(tool.inputSchema).toBe(tool.prepared.schema)
    expect(Object.isFrozen(tool)).toBe(true)
  })

  it('omits description when the entry has none', () => {
    expect('description' in toolset.tools[1]!).toBe(false)
  })

  it('rejects a tools list that is not an array with a TypeError', () => {
    expect(() => prepareToolset({} as never, { provider: 'openai' })).toThrow(
      'prepareToolset: expected tools to be an array, received object',
    )
  })

  it('takes malformed entries without throwing', () => {
    const odd = prepareToolset([null, { name: 5 }, 'x'] as never, { provider: 'anthropic' })
    expect(odd.tools).toHaveLength(3)
    for (const tool of odd.tools) expect(tool.name).toMatch(RULES.anthropic)
  })
})

describe('prepareToolset: calls', () => {
  const toolset = prepareToolset(tools, { provider: 'openai-strict' })
  const issue = toolset.tools[1]!

  it('restores a call to the original name and the arguments the tool expects', () => {
    const restored = toolset.restoreCall({ name: 'read_file', arguments: '{"file_path":"a.txt","lines":null}' })
    expect(restored).toEqual({
      ok: true,
      name: 'read_file',
      arguments: { 'file path': 'a.txt' },
      tool: toolset.tools[0],
    })
  })

  it('restores a renamed tool', () => {
    const restored = toolset.restoreCall({ name: issue.name, arguments: { title: 'Bug' } })
    expect(restored.ok && restored.name).toBe('github.create_issue')
  })

  it('answers an unknown name with unknown-tool, arguments untouched, never a throw', () => {
    const args = { title: 'x' }
    const restored = toolset.restoreCall({ name: 'github.create_issue', arguments: args })
    expect(restored.ok).toBe(false)
    if (restored.ok) return
    expect(restored.reason).toBe('unknown-tool')
    expect(restored.name).toBe('github.create_issue')
    expect(restored.arguments).toBe(args)
    expect(restored.message).toContain(
      'unknown tool (a name of 19 characters): expected one of the 6 tool names sent to the provider ("read_file", ',
    )
  })

  it('never quotes the model-sent name in the message', () => {
    const secret = 'sk-live-abcdef0123456789'
    const restored = toolset.restoreCall({ name: `leak ${secret}`, arguments: {} })
    expect(restored.ok).toBe(false)
    if (restored.ok) return
    expect(restored.name).toBe(`leak ${secret}`)
    expect(restored.message).not.toContain(secret)
  })

  it.each([null, undefined, 5, { arguments: {} }])('takes a malformed call %j as unknown', (call) => {
    expect(toolset.restoreCall(call as never).ok).toBe(false)
  })

  it('providerName maps an original name to the sent one', () => {
    expect(toolset.providerName('github.create_issue')).toBe(issue.name)
    expect(toolset.providerName('read_file')).toBe('read_file')
    expect(toolset.providerName('nope')).toBeUndefined()
  })

  it('toModelCall gives the call as the model was shown it', () => {
    expect(toolset.toModelCall({ name: 'read_file', arguments: { 'file path': 'a.txt' } })).toEqual({
      name: 'read_file',
      arguments: { file_path: 'a.txt', lines: null },
    })
    expect(toolset.toModelCall({ name: 'nope', arguments: {} })).toBeUndefined()
  })

  it('restoreCall undoes toModelCall', () => {
    const call = { name: 'read_file', arguments: { 'file path': 'a.txt', lines: 3 } }
    const shown = toolset.toModelCall(call)!
    const restored = toolset.restoreCall({ name: shown.name, arguments: JSON.stringify(shown.arguments) })
    expect(restored.ok && { name: restored.name, arguments: restored.arguments }).toEqual(call)
  })
})
