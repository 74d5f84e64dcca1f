import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAlive, waitGone } from '../test-support/is-alive.js'
import { fixture, prepareWorkspace, realServers } from '../test-support/servers.js'
import type { Workspace } from '../test-support/servers.js'
import { spawnProxy, waitFor } from '../test-support/spawn-proxy.js'

let dir: string
let workspace: Workspace

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'x-mcp-fix-lifetime-'))
  workspace = prepareWorkspace(dir)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const initialize = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'lifetime-test', version: '0' } },
})}\n`

describe('x-mcp-fix process lifetime', () => {
  it('exits with the server exit code, after relaying its last message', async () => {
    const proxy = spawnProxy({ command: process.execPath, args: [fixture('exit-server.mjs'), '3'] })
    proxy.process.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    expect(await proxy.exited).toBe(3)
    expect(proxy.stdout().toString()).toBe(
      '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"bye"}}\n',
    )
  })

  it('exits with 128 + the signal number when a signal ended the server', async () => {
    const proxy = spawnProxy({ command: process.execPath, args: ['-e', 'process.kill(process.pid, "SIGKILL")'] })
    expect(await proxy.exited).toBe(137)
  })

  it('exits with 127 and a message on stderr when the server cannot start', async () => {
    const proxy = spawnProxy({ command: join(dir, 'no-such-server'), args: [] })
    expect(await proxy.exited).toBe(127)
    expect(proxy.stderr()).toMatch(/^x-mcp-fix: cannot start .*no-such-server/)
    expect(proxy.stdout().length).toBe(0)
  })

  it('exits with 2 and the usage on stderr when no server command is given', async () => {
    const proxy = spawnProxy({ command: '', args: [] })
    expect(await proxy.exited).toBe(2)
    expect(proxy.stderr()).toContain('usage: x-mcp-fix')
  })

  it('stops the server when the host closes stdin, and exits with its code', async () => {
    const proxy = spawnProxy(realServers(workspace).files)
    proxy.process.stdin.write(initialize)
    await waitFor(
      () => proxy.stdout().toString(),
      (text) => text.includes('"id":0'),
    )
    const [server] = proxy.serverPids()
    expect(server).toBeGreaterThan(0)
    proxy.process.stdin.end()
    expect(await proxy.exited).toBe(0)
    expect(await waitGone(server!, 5_000)).toBe(true)
  })

  it('sends SIGTERM, then SIGKILL, to a server that ignores its stdin closing', async () => {
    const record = join(dir, 'stubborn.txt')
    const proxy = spawnProxy({ command: process.execPath, args: [fixture('stubborn-server.mjs'), record] }, [
      '--grace-ms',
      '300',
    ])
    const pid = Number(
      (
        await waitFor(
          () => safeRead(record),
          (text) => text.endsWith('\n'),
        )
      ).split('\n')[0],
    )
    expect(isAlive(pid)).toBe(true)
    proxy.process.stdin.end()
    expect(await proxy.exited).toBe(137)
    expect(isAlive(pid)).toBe(false)
    expect(readFileSync(record, 'utf8')).toBe(`${pid}\nstdin closed\nSIGTERM\n`)
    expect(proxy.stderr()).toContain('SIGTERM')
    expect(proxy.stderr()).toContain('SIGKILL')
    expect(proxy.stdout().length).toBe(0)
  })

  it('stops the server when the proxy itself gets SIGTERM', async () => {
    const proxy = spawnProxy(realServers(workspace).git)
    proxy.process.stdin.write(initialize)
    await waitFor(
      () => proxy.stdout().toString(),
      (text) => text.includes('"id":0'),
    )
    const [server] = proxy.serverPids()
    proxy.process.kill('SIGTERM')
    expect(await proxy.exited).toBe(0)
    expect(await waitGone(server!, 5_000)).toBe(true)
  })

  it.each([['tickets'], ['everything'], ['filesystem']] as const)(
    'leaves no %s server behind when the proxy is SIGKILLed: it sees its stdin close',
    async (name) => {
      const proxy = spawnProxy(realServers(workspace)[name])
      proxy.process.stdin.write(initialize)
      await waitFor(
        () => proxy.stdout().toString(),
        (text) => text.includes('"id":0'),
      )
      const [server] = proxy.serverPids()
      expect(isAlive(server!)).toBe(true)
      proxy.process.kill('SIGKILL')
      expect(await proxy.exited).toBe(137)
      expect(await waitGone(server!, 10_000)).toBe(true)
    },
  )
})

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
