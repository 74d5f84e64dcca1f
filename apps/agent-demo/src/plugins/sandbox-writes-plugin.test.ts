import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import type { ToolCallEvent } from '../loop/types.js'
import { sandboxWritesPlugin } from './sandbox-writes-plugin.js'

const event = (kind: 'read' | 'write', args: ToolCallEvent['args']): ToolCallEvent =>
  deepFreeze({
    sessionId: 's',
    callId: 'c',
    toolName: 'mcp__files__write',
    args,
    kind,
    entryIndex: 0,
    turnCallCount: 1,
  })
const plugin = sandboxWritesPlugin('/work/sandbox')

describe('sandboxWritesPlugin', () => {
  it.each(['../outside.md', 'notes/../../outside.md', '/etc/motd', '/work/sandbox-evil/x'])(
    'blocks a write to %s',
    (path) => {
      expect(plugin.preToolCall!(event('write', { path, content: 'x' }))).toEqual({
        action: 'block',
        message: `write outside the sandbox: '${path}'`,
      })
    },
  )

  it.each(['notes/summary.md', './a.md', 'notes/../b.md', '..hidden.md', '/work/sandbox/notes/x.md'])(
    'allows a write to %s',
    (path) => {
      expect(plugin.preToolCall!(event('write', { path, content: 'x' }))).toBeUndefined()
    },
  )

  it.each([
    '.git/config',
    '.GIT/config',
    './.git/config',
    'notes/../.git/config',
    '.git./config',
    '.git /config',
    '.git\\config',
    '.g\u200cit/hooks/post-index-change',
    '\uff0egit/config',
    'GIT~1/config',
    '.gitattributes',
    'src/.gitattributes',
    '.gitmodules',
    '/work/sandbox/.git/config',
  ])('blocks a write to the git control name in %j', (path) => {
    expect(plugin.preToolCall!(event('write', { path, content: 'x' }))).toEqual({
      action: 'block',
      message: `write to a .git* name, which configures the programs git runs: '${path}'`,
    })
  })

  it('never blocks a read, wherever it points', () => {
    expect(plugin.preToolCall!(event('read', { path: '../secret' }))).toBeUndefined()
  })

  it('only looks at path-like arguments', () => {
    expect(plugin.preToolCall!(event('write', { content: '../not-a-path' }))).toBeUndefined()
  })
})
