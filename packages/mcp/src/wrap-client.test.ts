import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { connectClient } from './test-support/connect-client.js'
import { fixture } from './test-support/servers.js'
import { waitFor } from './test-support/spawn-proxy.js'
import { wrapClient } from './wrap-client.js'

let client: Client | undefined
afterEach(async () => {
  await client?.close()
  client = undefined
})
const paged = async (): Promise<Client> =>
  (client = await connectClient({ command: process.execPath, args: [fixture('paged-server.mjs')] }))
const received = (result: Awaited<ReturnType<Client['callTool']>>): unknown =>
  JSON.parse((result.content as Array<{ text: string }>)[0]!.text)

describe('wrapClient', () => {
  it.each([[undefined], ['claude'], [42]])('throws a TypeError for the provider %j', async (provider) => {
    const plain = await paged()
    expect(() => wrapClient(plain, { provider } as never)).toThrow(TypeError)
    expect(() => wrapClient(plain, { provider } as never)).toThrow(/expected options.provider to be one of anthropic, /)
  })

  it('lists each page prepared for the provider, keeping the server fields', async () => {
    const fixed = wrapClient(await paged(), { provider: 'anthropic' })
    const first = await fixed.listTools()
    expect(first.nextCursor).toBe('page-2')
    expect(first.tools.map((tool) => tool.name)).toEqual(['alpha'])
    const second = await fixed.listTools({ cursor: 'page-2' })
    const beta = second.tools.find((tool) => tool.name === 'beta')!
    expect(Object.keys(beta.inputSchema.properties ?? {})).toEqual(['first_name', 'age'])
    expect(beta).toMatchObject({ title: 'Second page', annotations: { readOnlyHint: true } })
  })

  it('restores names, keys and types of a call from any page', async () => {
    const fixed = wrapClient(await paged(), { provider: 'anthropic' })
    await fixed.listAllTools()
    expect(received(await fixed.callTool({ name: 'alpha', arguments: { count: '3' } }))).toEqual({ count: 3 })
    expect(received(await fixed.callTool({ name: 'beta', arguments: { first_name: 'Ada', age: '36' } }))).toEqual({
      'first name': 'Ada',
      age: 36,
    })
  })

  it('drops the nulls OpenAI strict mode makes the model send for optional values', async () => {
    const fixed = wrapClient(await paged(), { provider: 'openai-strict' })
    const tools = await fixed.listAllTools()
    const beta = tools.find((tool) => tool.name === 'beta')!
    expect(beta.inputSchema).toMatchObject({ required: ['first_name', 'age'], additionalProperties: false })
    expect(received(await fixed.callTool({ name: 'beta', arguments: { first_name: 'Ada', age: null } }))).toEqual({
      'first name': 'Ada',
    })
  })

  it('lists every page itself before the first call', async () => {
    const fixed = wrapClient(await paged(), { provider: 'anthropic' })
    expect(received(await fixed.callTool({ name: 'beta', arguments: { first_name: 'Ada' } }))).toEqual({
      'first name': 'Ada',
    })
  })

  it('lists again after notifications/tools/list_changed, and still calls a handler set before', async () => {
    const plain = await paged()
    let notified = 0
    plain.setNotificationHandler(ToolListChangedNotificationSchema, () => void notified++)
    const fixed = wrapClient(plain, { provider: 'anthropic' })
    await fixed.listAllTools()
    await fixed.callTool({ name: 'grow', arguments: {} })
    await waitFor(
      () => notified,
      (count) => count === 1,
    )
    expect(received(await fixed.callTool({ name: 'gamma', arguments: { flag: 'true' } }))).toEqual({ flag: true })
    expect((await fixed.toolset()).tools.map((tool) => tool.originalName)).toEqual(['alpha', 'beta', 'grow', 'gamma'])
  })

  it('forwards a call of an unknown tool unchanged, for the server to refuse', async () => {
    const fixed = wrapClient(await paged(), { provider: 'anthropic' })
    const result = await fixed.callTool({ name: 'nope', arguments: { x: '1' } })
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).toContain('unknown tool nope')
  })

  it('leaves the wrapped client as it was: it still lists the server names and keys', async () => {
    const plain = await paged()
    await wrapClient(plain, { provider: 'anthropic' }).listAllTools()
    const { tools } = await plain.listTools({ cursor: 'page-2' })
    expect(Object.keys(tools[0]!.inputSchema.properties ?? {})).toEqual(['first name', 'age'])
  })
})
