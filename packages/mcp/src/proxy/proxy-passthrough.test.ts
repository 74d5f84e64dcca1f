import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON-RPC messages read back from the wire, asserted field by field */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixture, prepareWorkspace, realServers } from '../test-support/servers.js'
import { spawnProxy, waitFor } from '../test-support/spawn-proxy.js'
import type { SpawnedProxy } from '../test-support/spawn-proxy.js'

// The proxy runs a recorder in front of the real server, which writes what
// crossed the wire on the server's side: every byte the host sent must have
// reached the server, and every byte the server wrote must have reached the
// host, in order.
function passthroughSuite(proxyArgs: readonly string[]): void {
  const rewritesList = proxyArgs.includes('--provider')
  let dir: string
  let proxy: SpawnedProxy
  const sent: Buffer[] = []

  function send(message: string | Record<string, unknown>, ending = '\n'): void {
    const line = Buffer.from(`${typeof message === 'string' ? message : JSON.stringify(message)}${ending}`)
    sent.push(line)
    proxy.process.stdin.write(line)
  }
  const received = (): string => proxy.stdout().toString('utf8')
  const answered = (id: string | number): Promise<string> =>
    waitFor(received, (text) => text.includes(`"id":${JSON.stringify(id)}`))

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'x-mcp-fix-passthrough-'))
    const everything = realServers(prepareWorkspace(dir)).everything
    proxy = spawnProxy(
      {
        command: process.execPath,
        args: [fixture('tee-server.mjs'), dir, '--', everything.command, ...everything.args],
      },
      [...proxyArgs, '--grace-ms', '500'],
    )
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    })
    await answered(1)
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    // Without --provider, even the tool list goes through as the server wrote it.
    send({ jsonrpc: '2.0', id: 'tools', method: 'tools/list' })
    await answered('tools')
    send({ jsonrpc: '2.0', id: 'r-2', method: 'resources/list', params: {} })
    await answered('r-2')
    send({ jsonrpc: '2.0', id: 3, method: 'resources/templates/list' })
    send({ jsonrpc: '2.0', id: 4, method: 'prompts/list' })
    send({
      jsonrpc: '2.0',
      id: 5,
      method: 'prompts/get',
      params: { name: 'args-prompt', arguments: { city: 'Paris' } },
    })
    await answered(5)
    // A tool call that needs no fixing is a message like any other.
    send({
      jsonrpc: '2.0',
      id: 6,
      method: 'tools/call',
      params: {
        name: 'trigger-long-running-operation',
        arguments: { duration: 0.3, steps: 3 },
        _meta: { progressToken: 'p-6' },
      },
    })
    await answered(6)
    send({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'trigger-long-running-operation',
        arguments: { duration: 20, steps: 20 },
        _meta: { progressToken: 'p-7' },
      },
    })
    await waitFor(received, (text) => text.includes('"progressToken":"p-7"'))
    send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 7, reason: 'the user pressed stop' },
    })
    send({ jsonrpc: '2.0', id: 8, method: 'no/such-method', params: { x: 1 } })
    await answered(8)
    send('this line is not JSON')
    send({ jsonrpc: '2.0', id: 9, method: 'ping' }, '\r\n')
    await answered(9)
    proxy.process.stdin.end()
    await proxy.exited
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  describe(`x-mcp-fix ${proxyArgs.join(' ')} passes non-tool traffic through byte for byte`, () => {
    it('delivers to the server exactly the bytes the host sent', () => {
      expect(readFileSync(join(dir, 'to-server.bin')).equals(Buffer.concat(sent))).toBe(true)
    })

    it('delivers to the host exactly the bytes the server wrote (but for a rewritten tool list)', () => {
      const fromServer = readFileSync(join(dir, 'from-server.bin'))
      expect(fromServer.length).toBeGreaterThan(0)
      if (!rewritesList) return expect(proxy.stdout().equals(fromServer)).toBe(true)
      const isList = (line: string): boolean => line.includes('"id":"tools"}') || line.includes('"id":"tools",')
      const lines = (buffer: Buffer): string[] => buffer.toString('utf8').split('\n')
      expect(lines(proxy.stdout()).filter((line) => !isList(line))).toEqual(
        lines(fromServer).filter((line) => !isList(line)),
      )
      expect(lines(proxy.stdout()).filter(isList)).toHaveLength(1)
    })

    const messages = (): Array<Record<string, any>> =>
      received()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    const answer = (id: string | number): Record<string, any> | undefined =>
      messages().find((message) => message.id === id && !('method' in message))

    it('relayed a resources/list result under its string id', () => {
      expect(answer('r-2')?.result.resources.length).toBeGreaterThan(0)
    })

    it('relayed the tool list', () => {
      expect(answer('tools')?.result.tools.length).toBeGreaterThan(5)
    })

    it('relayed a prompts/get result', () => {
      expect(JSON.stringify(answer(5)?.result.messages)).toContain('Paris')
    })

    it('relayed the progress notifications of a call before its answer', () => {
      const all = messages()
      const progress = all.filter(
        (message) => message.method === 'notifications/progress' && message.params.progressToken === 'p-6',
      )
      expect(progress.length).toBeGreaterThan(0)
      const answerAt = all.findIndex((message) => message.id === 6 && 'result' in message)
      expect(answerAt).toBeGreaterThan(-1)
      expect(all.indexOf(progress.at(-1)!)).toBeLessThan(answerAt)
    })

    it('relayed the error for an unknown method', () => {
      expect(answer(8)?.error.code).toBe(-32601)
    })

    it('relayed the answer to a ping sent with CRLF', () => {
      expect(answer(9)?.result).toEqual({})
    })

    it('wrote nothing but the server messages on stdout', () => {
      for (const line of received().split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow()
    })
  })
}

passthroughSuite([])
passthroughSuite(['--provider', 'anthropic'])
