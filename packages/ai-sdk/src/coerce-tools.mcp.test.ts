import { generateText, stepCountIs } from 'ai'
import type { ToolSet } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coerceTools } from './coerce-tools.js'
import { connectEverythingServer, connectFilesServer } from './test-support/mcp-servers.js'
import { twoTurnModel } from './test-support/model-turns.js'

interface McpOutput {
  isError?: boolean
  content?: Array<{ type: string; text?: string }>
}

/** Runs one mistyped call through `tools` and returns what the MCP server answered. */
async function callOnce(tools: ToolSet, name: string, input: unknown): Promise<McpOutput> {
  const { model } = twoTurnModel([{ id: 'call_1', name, input: JSON.stringify(input) }])
  const result = await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(2) })
  const results = result.steps[0]!.toolResults
  expect(results).toHaveLength(1)
  return results[0]!.output as McpOutput
}

const text = (output: McpOutput): string => output.content?.map((part) => part.text ?? '').join('') ?? ''

describe('coerceTools against the agent-demo files server (@ai-sdk/mcp over stdio)', () => {
  let server: Awaited<ReturnType<typeof connectFilesServer>>
  beforeAll(async () => {
    server = await connectFilesServer()
  }, 60_000)
  afterAll(async () => {
    await server?.close()
  })

  // `limit` is an integer behind `{"$ref": "#/definitions/Count"}`.
  const mistyped = { path: 'notes.txt', limit: '2' }

  it('without it the server answers isError for limit "2"', async () => {
    const output = await callOnce(await server.client.tools(), 'read', mistyped)
    expect(output.isError).toBe(true)
  })

  it('with it the same call succeeds and reads two lines', async () => {
    const output = await callOnce(coerceTools(await server.client.tools()), 'read', mistyped)
    expect([output.isError ?? false, JSON.parse(text(output))]).toEqual([
      false,
      { path: 'notes.txt', lines: 2, text: 'one\ntwo' },
    ])
  })
})

describe('coerceTools against @modelcontextprotocol/server-everything (npm, over stdio)', () => {
  let server: Awaited<ReturnType<typeof connectEverythingServer>>
  beforeAll(async () => {
    server = await connectEverythingServer()
  }, 60_000)
  afterAll(async () => {
    await server?.close()
  })

  const mistyped = { a: '2', b: ' 3 ' }

  it('without it the server answers isError for numbers sent as strings', async () => {
    const output = await callOnce(await server.client.tools(), 'get-sum', mistyped)
    expect(output.isError).toBe(true)
  })

  it('with it the same call succeeds', async () => {
    const output = await callOnce(coerceTools(await server.client.tools()), 'get-sum', mistyped)
    expect([output.isError ?? false, text(output)]).toEqual([false, 'The sum of 2 and 3 is 5.'])
  })
})
