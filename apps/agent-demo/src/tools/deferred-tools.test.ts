import { TOOL_CALL_NAME } from '@x/batch-split'
import { prepareToolset } from '@x/provider-schema'
import { describe, expect, it } from 'vitest'
import { createInMemoryTools } from '../scenarios/in-memory-tools.js'
import { createRegistry } from './registry.js'
import { createToolSearch, deferredToolDefinitions } from './deferred-tools.js'
import type { ToolEntry } from './types.js'

const registry = createRegistry(createInMemoryTools().tools)
const prepared = prepareToolset(
  registry.list().map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
  { provider: 'generic' },
)
const context = { callId: 'c', sessionId: 's', toolName: 'tool_search', signal: new AbortController().signal }
const search = async (query: string, inScope: (tool: ToolEntry) => boolean = () => true) =>
  JSON.parse((await createToolSearch(registry, inScope, prepared).handler({ query }, context)).content) as {
    tools: { name: string; parameters: { properties: object } }[]
  }

describe('deferred tools', () => {
  it('the model sees only tool_search and the tool_call bridge', () => {
    expect(deferredToolDefinitions().map((tool) => tool.name)).toEqual(['tool_search', TOOL_CALL_NAME])
  })

  it('the tool_call description says batching is welcome, entries are split, follow their concurrency policy, and come back in input order', () => {
    const description = deferredToolDefinitions()[1]!.description
    expect(description).toContain('Independent calls may be batched')
    expect(description).toContain('split into individual calls by the agent')
    expect(description).toContain('concurrency policy')
    expect(description).toContain('Results come back in input order')
  })

  it('tool_search returns exact names with the prepared schema (portable names), best match first', async () => {
    const found = await search('create ticket')
    expect(found.tools[0]!.name).toBe('mcp__tickets__create')
    expect(JSON.stringify(found.tools[0]!.parameters)).toContain('"first_name"')
    expect(JSON.stringify(found.tools[0]!.parameters)).not.toContain('first name')
  })

  it('tool_search never finds tools out of scope', async () => {
    const found = await search('*', (tool) => tool.toolset === 'files')
    expect(found.tools.map((tool) => tool.name)).toEqual(['mcp__files__list', 'mcp__files__read'])
  })

  it('a registry refuses two tools with the same name', () => {
    const [tool] = createInMemoryTools().tools
    expect(() => createRegistry([tool!, tool!])).toThrow("tool names must be unique, received 'mcp__files__list' twice")
  })
})
