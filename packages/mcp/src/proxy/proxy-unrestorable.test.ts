/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-RPC messages read back from the wire */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixture, prepareWorkspace, realServers } from '../test-support/servers.js'
import { spawnProxy, waitFor } from '../test-support/spawn-proxy.js'

// A call the proxy cannot restore goes to the server as the host sent it,
// so the host gets the server's own error: checked on the server's side of
// the wire with the recorder.
let dir: string
const lines = new Map<string, string>()
let hostReceived = ''

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'x-mcp-fix-unrestorable-'))
  const everything = realServers(prepareWorkspace(dir)).everything
  const proxy = spawnProxy(
    { command: process.execPath, args: [fixture('tee-server.mjs'), dir, '--', everything.command, ...everything.args] },
    ['--provider', 'anthropic', '--grace-ms', '500'],
  )
  const received = (): string => proxy.stdout().toString('utf8')
  const send = async (id: string, message: Record<string, unknown>): Promise<void> => {
    const line = `${JSON.stringify({ jsonrpc: '2.0', id, ...message })}\n`
    lines.set(id, line)
    proxy.process.stdin.write(line)
    await waitFor(received, (text) => text.includes(`"id":"${id}"`))
  }
  await send('init', {
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  })
  proxy.process.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
  await send('list', { method: 'tools/list' })
  await send('unknown', { method: 'tools/call', params: { name: 'no-such-tool', arguments: { a: '1' } } })
  await send('unreadable', { method: 'tools/call', params: { name: 'get-sum', arguments: '{"a": 2, "b":' } })
  proxy.process.stdin.end()
  await proxy.exited
  hostReceived = received()
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('x-mcp-fix --provider with a call it cannot restore', () => {
  it.each([['unknown'], ['unreadable']])('forwards the %s call byte for byte', (id) => {
    expect(readFileSync(join(dir, 'to-server.bin'), 'utf8')).toContain(lines.get(id))
  })

  it.each([['unknown'], ['unreadable']])('relays the server’s own answer to the %s call byte for byte', (id) => {
    const fromServer = readFileSync(join(dir, 'from-server.bin'), 'utf8').split('\n')
    const answer = fromServer.find((line) => line.includes(`"id":"${id}"`))!
    expect(hostReceived.split('\n')).toContain(answer)
    const message = JSON.parse(answer) as any
    expect(message.error ?? message.result?.isError).toBeTruthy()
  })
})
