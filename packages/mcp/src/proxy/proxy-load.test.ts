/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-RPC messages read back from the wire */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareWorkspace, realServers } from '../test-support/servers.js'
import { spawnProxy, waitFor } from '../test-support/spawn-proxy.js'

const CALLS = 1000
let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'x-mcp-fix-load-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('x-mcp-fix under load', () => {
  it(`answers ${CALLS} concurrent tools/call requests, each under its own id, none lost`, async () => {
    const proxy = spawnProxy(realServers(prepareWorkspace(dir)).everything)
    const lines = (): any[] =>
      proxy
        .stdout()
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    proxy.process.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'load', version: '0' } } })}\n`,
    )
    await waitFor(lines, (all) => all.some((message) => message.id === 'init'))
    proxy.process.stdin.write(
      '{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":"list","method":"tools/list"}\n',
    )
    await waitFor(lines, (all) => all.some((message) => message.id === 'list'))
    // Half the ids are numbers, half strings that look like the same numbers:
    // a response must come back under the exact id (and type) it answers.
    const id = (index: number): number | string => (index % 2 === 0 ? index : `${index}`)
    const batch = Array.from({ length: CALLS }, (_, index) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id: id(index),
        method: 'tools/call',
        params: { name: 'get-sum', arguments: { a: `${index}`, b: '0.5' } },
      }),
    )
    proxy.process.stdin.write(`${batch.join('\n')}\n`)
    const answers = await waitFor(
      () => lines().filter((message) => 'result' in message || 'error' in message),
      (all) => all.length >= CALLS + 2,
      60_000,
    )
    proxy.process.stdin.end()
    expect(await proxy.exited).toBe(0)
    // Nothing from the proxy on stderr: no warning either, as a drain
    // listener per line once the pipe is full printed
    // MaxListenersExceededWarning. The server's own stderr passes through,
    // and the SDK's stdio transport in the server adds a drain listener per
    // pending answer when the proxy is slow to read (a loaded machine): its
    // warning carries the server's pid, not the proxy's.
    expect(proxy.stderr()).not.toMatch(new RegExp(`\\(node:${proxy.process.pid}\\)|x-mcp-fix:`))

    const byId = new Map(answers.map((message) => [`${typeof message.id}:${message.id}`, message]))
    expect(answers.length).toBe(CALLS + 2)
    for (let index = 0; index < CALLS; index++) {
      const message = byId.get(`${typeof id(index)}:${id(index)}`)
      expect(message?.result?.isError, `call ${index}`).toBeUndefined()
      // The sum names its own operands: the answer is the one to this request.
      expect(message?.result?.content?.[0]?.text, `call ${index}`).toContain(`${index + 0.5}`)
    }
  })
})
