import { isAbsolute, relative, resolve, sep } from 'node:path'
import type { Plugin } from '../loop/types.js'

/**
 * A `pre_tool_call` hook that blocks writes aimed outside the sandbox, before
 * the tool is ever called.
 *
 * The files server refuses such paths too; the hook is the agent's own
 * guard, so a write tool that does not check (or a path argument the server
 * does not know is a path) is stopped anyway. It fires once per entry: a
 * write of a batch can be blocked while the reads of the same batch run.
 *
 * @example
 * sandboxWritesPlugin('/work/sandbox').preToolCall?.({ kind: 'write', args: { path: '../x' }, ... })
 * // => { action: 'block', message: "write outside the sandbox: '../x'" }
 */
export function sandboxWritesPlugin(sandbox: string): Plugin {
  const root = resolve(sandbox)
  return {
    name: 'sandbox-writes',
    preToolCall(event) {
      if (event.kind !== 'write') return undefined
      for (const [key, value] of Object.entries(event.args)) {
        if (!/path|file|folder|dir/i.test(key) || typeof value !== 'string') continue
        const inside = relative(root, resolve(root, value))
        if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
          return { action: 'block', message: `write outside the sandbox: '${value}'` }
        }
      }
      return undefined
    },
  }
}
