import { existsSync, realpathSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'

// Characters that end a path inside a message: git quotes paths with '...',
// Node's fs errors with '...', and prose puts a comma or colon after them.
const PATH_CHAR_END = '\\s\'"`:,;()\\[\\]'
const PATH_REST = `(?:/[^${PATH_CHAR_END}]*)?`
const PATH_END = `(?=$|[/${PATH_CHAR_END}])`

/**
 * `text` with every absolute path at or under the sandbox's parent folder
 * (the server's workspace: the sandbox, and what sits beside it, such as
 * the tickets database) rewritten relative to the sandbox: `/w/sandbox` →
 * `.`, `/w/sandbox/src/a.js` → `src/a.js`, `/w/tickets.db` →
 * `../tickets.db`.
 *
 * The model works in sandbox-relative paths only; where the server runs on
 * the host is none of its business, and a message that echoes it helps a
 * prompt injection aim at the host. Both the path as configured and its
 * real path (links resolved) are recognised; any other occurrence of the
 * workspace folder becomes `<workspace>`.
 */
export function relativeToSandbox(text: string, root: string): string {
  const resolved = resolve(root)
  const real = existsSync(resolved) ? realpathSync(resolved) : resolved
  const bases = [...new Set([real, resolved, dirname(real), dirname(resolved)])]
    .filter((base) => base !== '/')
    .sort((a, b) => b.length - a.length)
  if (bases.length === 0) return text
  const pattern = new RegExp(`(?:${bases.map(escapeRegExp).join('|')})${PATH_END}${PATH_REST}`, 'gu')
  const rewritten = text.replace(pattern, (absolute) => {
    const base = bases.find((candidate) => absolute === candidate || absolute.startsWith(`${candidate}/`))
    const from = base === real || base === dirname(real) ? real : resolved
    return relative(from, absolute) || '.'
  })
  // What the pattern did not take as a path (a base glued to other text, or
  // recreated by a relative path such as `../tmp/...`) is hidden outright.
  return bases.reduce((current, base) => current.replaceAll(base, '<workspace>'), rewritten)
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/gu, '\\$&')
}
