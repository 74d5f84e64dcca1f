import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { parseProxyArgv } from './parse-proxy-argv.js'

describe('parseProxyArgv', () => {
  it.each(
    deepFreeze([
      [
        ['--', 'npx', '-y', 'server', '--port', '1'],
        { ok: true, command: 'npx', args: ['-y', 'server', '--port', '1'] },
      ],
      [['node', 'server.js'], { ok: true, command: 'node', args: ['server.js'] }],
      [['--grace-ms', '500', '--', 'node'], { ok: true, command: 'node', args: [], graceMs: 500 }],
      [['--grace-ms=0', 'node', '--', 'x'], { ok: true, command: 'node', args: ['--', 'x'], graceMs: 0 }],
      [
        ['--provider', 'gemini', '--', 'npx', 'server'],
        { ok: true, command: 'npx', args: ['server'], provider: 'gemini' },
      ],
      [
        ['--provider=openai-strict', '--grace-ms', '10', 'node'],
        { ok: true, command: 'node', args: [], provider: 'openai-strict', graceMs: 10 },
      ],
    ] as const),
  )('reads %j', (argv, expected) => {
    expect(parseProxyArgv(argv)).toEqual(expected)
  })

  it.each(
    deepFreeze([
      [[], /expected a server command/],
      [['--'], /expected a server command after the options/],
      [['--grace-ms', 'soon', '--', 'node'], /--grace-ms expects a whole number/],
      [['--grace-ms'], /--grace-ms expects a whole number/],
      [['--verbose', '--', 'node'], /unknown option "--verbose"/],
      [['--provider', 'claude', '--', 'node'], /--provider expects one of anthropic, openai, .*received "claude"/],
      [['--provider'], /--provider expects one of/],
      [['--help'], /^usage: x-mcp-fix/],
    ] as const),
  )('refuses %j with a message', (argv, message) => {
    const result = parseProxyArgv(argv)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(message)
  })
})
