/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-RPC messages read back from the wire */
import { describe, expect, it } from 'vitest'
import { fixture } from '../test-support/servers.js'
import { spawnProxy, waitFor } from '../test-support/spawn-proxy.js'

describe('x-mcp-fix --provider across pages and list changes', () => {
  it('prepares every page, restores calls of tools from any page, and follows tools/list_changed', async () => {
    const proxy = spawnProxy({ command: process.execPath, args: [fixture('paged-server.mjs')] }, [
      '--provider',
      'anthropic',
    ])
    const messages = (): any[] =>
      proxy
        .stdout()
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    const answer = async (id: number): Promise<any> =>
      (await waitFor(messages, (all) => all.some((message) => message.id === id && !('method' in message)))).find(
        (message) => message.id === id && !('method' in message),
      )
    const send = (message: Record<string, unknown>): void =>
      void proxy.process.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`)
    const text = (message: any): unknown => JSON.parse(message.result.content[0].text)

    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pages', version: '0' } },
    })
    await answer(1)
    send({ method: 'notifications/initialized' })
    send({ id: 2, method: 'tools/list' })
    const first = await answer(2)
    expect(first.result.nextCursor).toBe('page-2')
    expect(first.result.tools.map((tool: any) => tool.name)).toEqual(['alpha'])
    send({ id: 3, method: 'tools/list', params: { cursor: 'page-2' } })
    const second = await answer(3)
    const beta = second.result.tools.find((tool: any) => tool.name === 'beta')
    // The provider's form: the key renamed, the server's other fields kept.
    expect(Object.keys(beta.inputSchema.properties)).toEqual(['first_name', 'age'])
    expect(beta).toMatchObject({ title: 'Second page', annotations: { readOnlyHint: true } })

    send({ id: 4, method: 'tools/call', params: { name: 'alpha', arguments: { count: '3' } } })
    expect(text(await answer(4))).toEqual({ count: 3 })
    send({ id: 5, method: 'tools/call', params: { name: 'beta', arguments: { first_name: 'Ada', age: '36' } } })
    expect(text(await answer(5))).toEqual({ 'first name': 'Ada', age: 36 })

    send({ id: 6, method: 'tools/call', params: { name: 'grow', arguments: {} } })
    await answer(6)
    expect(messages().some((message) => message.method === 'notifications/tools/list_changed')).toBe(true)
    // Listed before the host lists again: forwarded unchanged, the server's own error.
    send({ id: 7, method: 'tools/call', params: { name: 'gamma', arguments: { flag: 'true' } } })
    expect(text(await answer(7))).toEqual({ flag: 'true' })
    send({ id: 8, method: 'tools/list' })
    await answer(8)
    send({ id: 9, method: 'tools/list', params: { cursor: 'page-2' } })
    expect((await answer(9)).result.tools.map((tool: any) => tool.name)).toEqual(['beta', 'grow', 'gamma'])
    send({ id: 10, method: 'tools/call', params: { name: 'gamma', arguments: { flag: 'true' } } })
    expect(text(await answer(10))).toEqual({ flag: true })

    proxy.process.stdin.end()
    expect(await proxy.exited).toBe(0)
  })
})
