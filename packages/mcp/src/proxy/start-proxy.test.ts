import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { fixture } from '../test-support/servers.js'
import { waitFor } from '../test-support/spawn-proxy.js'
import { startProxy } from './start-proxy.js'

describe('startProxy', () => {
  it.each([
    ['no options', undefined, /options.command to be a non-empty string, received undefined/],
    ['an empty command', { command: '' }, /options.command to be a non-empty string, received ""/],
    [
      'an unknown provider',
      { command: 'node', provider: 'claude' },
      /options.provider to be one of anthropic, .* received "claude"/,
    ],
    [
      'a negative grace period',
      { command: 'node', graceMs: -1 },
      /options.graceMs to be a number >= 0, received number/,
    ],
    [
      'a grace period that is not a number',
      { command: 'node', graceMs: '5' },
      /options.graceMs to be a number >= 0, received "5"/,
    ],
  ])('throws a TypeError for %s', (_label, options, message) => {
    expect(() => startProxy(options as never)).toThrow(TypeError)
    expect(() => startProxy(options as never)).toThrow(message)
  })

  it('relays between the given streams and resolves with the server exit code', async () => {
    const input = new PassThrough()
    const output = new PassThrough()
    const chunks: Buffer[] = []
    output.on('data', (chunk: Buffer) => chunks.push(chunk))
    const logged: string[] = []
    const proxy = startProxy({
      command: process.execPath,
      args: [fixture('echo-server.mjs')],
      input,
      output,
      log: (line) => logged.push(line),
    })
    expect(proxy.pid).toBeGreaterThan(0)
    const received = (): string => Buffer.concat(chunks).toString('utf8')
    input.write('{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n')
    // The proxy learns the schema from the answer: a call sent before it would go through unchanged.
    await waitFor(received, (value) => value.includes('"id":1'))
    input.write('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"n":"7"}}}\n')
    const text = await waitFor(received, (value) => value.includes('"id":2'))
    expect(text).toContain('{\\"n\\":7}')
    input.end()
    expect(await proxy.exited).toBe(0)
    expect(logged).toEqual([])
  })
})
