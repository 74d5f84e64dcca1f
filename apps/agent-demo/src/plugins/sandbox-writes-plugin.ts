import { isAbsolute, relative, resolve, sep } from 'node:path'
import type { Plugin } from '../loop/types.js'
import { gitControlComponent } from '../shared/git-control-component.js'

/**
 * A `pre_tool_call` hook that blocks writes aimed outside the sandbox or at
 * a `.git*` name inside it, before the tool is ever called.
 *
 * The files server refuses such paths too; the hook is the agent's own
 * guard, so a write tool that does not check (or a path argument the server
 * does not know is a path) is stopped anyway. `.git*` names are refused
 * however they are spelled (`gitControlComponent`): the sandbox is also a
 * repository, and a written `.git/config` or `.gitattributes` would make the
 * next `git status` run a program of the model's choosing. It fires once per
 * entry: a write of a batch can be blocked while the reads of the same batch
 * run.
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
        if (
          (!isAbsolute(value) && gitControlComponent(value) !== undefined) ||
          gitControlComponent(inside) !== undefined
        ) {
          return {
            action: 'block',
            message: `write to a .git* name, which configures the programs git runs: '${value}'`,
          }
        }
      }
      return undefined
    },
  }
}
