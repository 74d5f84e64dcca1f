import type { Plugin } from '../loop/types.js'

/**
 * A `pre_tool_call` hook that blocks writes touching paths outside the
 * sandbox. It fires once per entry, so a write can be blocked while a read of
 * the same batch still runs (hooks fire per entry).
 *
 * @example
 * sandboxPlugin('notes/').preToolCall({ kind: 'write', args: { path: '/etc/passwd' }, ... })
 * // => { action: 'block', message: "write outside the sandbox: '/etc/passwd'" }
 */
export function sandboxPlugin(sandboxPrefix: string): Plugin {
  return {
    name: 'sandbox',
    preToolCall(event) {
      if (event.kind !== 'write') return undefined
      for (const [key, value] of Object.entries(event.args)) {
        if (!/path|file/i.test(key) || typeof value !== 'string') continue
        if (!value.startsWith(sandboxPrefix) || value.split('/').includes('..')) {
          return { action: 'block', message: `write outside the sandbox: '${value}'` }
        }
      }
      return undefined
    },
  }
}
