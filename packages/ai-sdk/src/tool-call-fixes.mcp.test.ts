import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { generateText, stepCountIs, wrapLanguageModel } from 'ai'
import type { LanguageModel, ToolSet } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectEverythingServer, connectFilesServer } from './test-support/mcp-servers.js'
import type { ModelCall } from './test-support/model-turns.js'
import { answeringModel } from './test-support/model-turns.js'
import type { ShownTool } from './test-support/shown-tools.js'
import { shownTools } from './test-support/shown-tools.js'
import type { CallOptions } from './internal/types.js'
import { toolCallFixes } from './tool-call-fixes.js'

interface McpOutput {
  isError?: boolean
  content?: Array<{ type: string; text?: string }>
}
const text = (output: McpOutput): string => output.content?.map((part) => part.text ?? '').join('') ?? ''

/** The shown tool whose MCP description starts with `prefix`. */
function shownBy(params: CallOptions, prefix: string): ShownTool {
  const found = Object.entries(shownTools(params)).find(([description]) => description.startsWith(prefix))
  if (found === undefined) throw new Error(`no tool described "${prefix}..." was shown`)
  return found[1]
}

/** The one key of a shown schema that is not among `others` (the renamed one). */
function otherKey(tool: ShownTool, others: string[]): string {
  return Object.keys(tool.schema['properties'] as object).find((key) => !others.includes(key))!
}

async function outputsOf(model: LanguageModel, tools: ToolSet): Promise<McpOutput[]> {
  const result = await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(2) })
  return result.steps[0]!.toolResults.map((part) => part.output as McpOutput)
}

describe('toolCallFixes against the agent-demo files server (@ai-sdk/mcp over stdio)', () => {
  let server: Awaited<ReturnType<typeof connectFilesServer>>
  beforeAll(async () => {
    server = await connectFilesServer()
  }, 60_000)
  afterAll(async () => {
    await server?.close()
  })

  const readTwo = (params: CallOptions): ModelCall[] => {
    const read = shownBy(params, 'Read a text file')
    return [{ id: 'call_r', name: read.name, input: JSON.stringify({ path: 'notes.txt', limit: '2' }) }]
  }

  it('without it the server answers isError for limit "2"', async () => {
    const { model } = answeringModel(readTwo, { provider: 'openai.chat' })
    expect((await outputsOf(model, await server.client.tools())).map((output) => output.isError)).toEqual([true])
  })

  it('with it the same call succeeds', async () => {
    const { model } = answeringModel(readTwo, { provider: 'openai.chat' })
    const [output] = await outputsOf(
      wrapLanguageModel({ model, middleware: toolCallFixes() }),
      await server.client.tools(),
    )
    expect([output!.isError ?? false, JSON.parse(text(output!))]).toEqual([
      false,
      { path: 'notes.txt', lines: 2, text: 'one\ntwo' },
    ])
  })

  it('restores a renamed key ("create folders") the server needs', async () => {
    const write = (params: CallOptions): ModelCall[] => {
      const tool = shownBy(params, 'Write a text file')
      const input = { path: 'deep/er/new.txt', content: 'hi', [otherKey(tool, ['path', 'content'])]: 'true' }
      return [{ id: 'call_w', name: tool.name, input: JSON.stringify(input) }]
    }
    const { model, seen } = answeringModel(write, { provider: 'openai.chat' })
    const [output] = await outputsOf(
      wrapLanguageModel({ model, middleware: toolCallFixes() }),
      await server.client.tools(),
    )
    const shownKey = otherKey(shownBy(seen[0]!, 'Write a text file'), ['path', 'content'])
    expect([shownKey, output!.isError ?? false, existsSync(join(server.sandbox, 'deep/er/new.txt'))]).toEqual([
      'create_folders',
      false,
      true,
    ])
  })

  it('runs a batch of MCP calls as separate calls, each answered', async () => {
    const depthKey = (tool: ShownTool): string => {
      const filters = (tool.schema['properties'] as Record<string, { properties?: object }>)['filters']!
      return Object.keys(filters.properties ?? {}).find((key) => key.startsWith('max'))!
    }
    const both = (params: CallOptions): ModelCall[] => {
      const list = shownBy(params, 'List the files')
      const calls = [
        { name: shownBy(params, 'Read a text file').name, arguments: { path: 'notes.txt', limit: '1' } },
        // Only the top folder (`max depth` renamed inside an object sent as JSON text), as many as "5".
        { name: list.name, arguments: { filters: JSON.stringify({ [depthKey(list)]: '0' }), limit: '5' } },
      ]
      return [{ id: 'call_b', name: 'tool_call', input: JSON.stringify({ calls }) }]
    }
    const { model } = answeringModel(both, { provider: 'anthropic.messages' })
    const outputs = await outputsOf(
      wrapLanguageModel({ model, middleware: toolCallFixes() }),
      await server.client.tools(),
    )
    expect(outputs.map((output) => [output.isError ?? false, JSON.parse(text(output))])).toEqual([
      [false, { path: 'notes.txt', lines: 1, text: 'one' }],
      [false, { files: ['notes.txt'] }],
    ])
  })
})

describe('toolCallFixes against @modelcontextprotocol/server-everything (npm, over stdio)', () => {
  let server: Awaited<ReturnType<typeof connectEverythingServer>>
  beforeAll(async () => {
    server = await connectEverythingServer()
  }, 60_000)
  afterAll(async () => {
    await server?.close()
  })

  const sum = (params: CallOptions): ModelCall[] => [
    { id: 'call_s', name: shownBy(params, 'Returns the sum').name, input: '{"a":"2","b":"3"}' },
  ]

  it('without it the server answers isError for numbers sent as strings', async () => {
    const { model } = answeringModel(sum, { provider: 'google.generative-ai' })
    expect((await outputsOf(model, await server.client.tools())).map((output) => output.isError)).toEqual([true])
  })

  it('with it the same call succeeds', async () => {
    const { model } = answeringModel(sum, { provider: 'google.generative-ai' })
    const [output] = await outputsOf(
      wrapLanguageModel({ model, middleware: toolCallFixes() }),
      await server.client.tools(),
    )
    expect([output!.isError ?? false, text(output!)]).toEqual([false, 'The sum of 2 and 3 is 5.'])
  })
})
