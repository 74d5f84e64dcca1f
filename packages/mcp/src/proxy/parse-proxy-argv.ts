import { PROVIDER_NAMES } from '@x/provider-schema'
import type { ProviderName } from '@x/provider-schema'

/** The command line of `x-mcp-fix`, read. */
export type ProxyArgv =
  | {
      readonly ok: true
      readonly command: string
      readonly args: readonly string[]
      readonly provider?: ProviderName
      readonly graceMs?: number
    }
  | { readonly ok: false; readonly message: string }

/** How `x-mcp-fix` is called. */
export const PROXY_USAGE = `usage: x-mcp-fix [--provider ${PROVIDER_NAMES.join('|')}] [--grace-ms N] -- <command> [args...]`

/**
 * Reads `x-mcp-fix`'s arguments (without `node` and the script): options,
 * then `--`, then the server command and its arguments, which are never
 * read as options. The `--` may be left out when the command does not start
 * with `-`. Never throws: a bad command line comes back as `{ ok: false }`
 * with a message for the user.
 *
 * @example
 * ```ts
 * parseProxyArgv(['--provider', 'gemini', '--', 'npx', '-y', 'some-server'])
 * // => { ok: true, command: 'npx', args: ['-y', 'some-server'], provider: 'gemini' }
 * ```
 */
export function parseProxyArgv(argv: readonly string[]): ProxyArgv {
  let graceMs: number | undefined
  let provider: ProviderName | undefined
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!
    if (arg === '--' || !arg.startsWith('-')) {
      const rest = arg === '--' ? argv.slice(index + 1) : argv.slice(index)
      if (rest.length === 0 || rest[0] === '')
        return { ok: false, message: `expected a server command after the options\n${PROXY_USAGE}` }
      return {
        ok: true,
        command: rest[0]!,
        args: rest.slice(1),
        ...(provider === undefined ? {} : { provider }),
        ...(graceMs === undefined ? {} : { graceMs }),
      }
    }
    const [name, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined]
    if (name === '--grace-ms') {
      const value = inline ?? argv[++index]
      const parsed = value === undefined || !/^\d+$/.test(value) ? Number.NaN : Number(value)
      if (!Number.isSafeInteger(parsed))
        return {
          ok: false,
          message: `--grace-ms expects a whole number of milliseconds, received ${JSON.stringify(value ?? '')}`,
        }
      graceMs = parsed
      continue
    }
    if (name === '--provider') {
      const value = inline ?? argv[++index]
      if (!(PROVIDER_NAMES as readonly unknown[]).includes(value)) {
        return {
          ok: false,
          message: `--provider expects one of ${PROVIDER_NAMES.join(', ')}, received ${JSON.stringify(value ?? '')}`,
        }
      }
      provider = value as ProviderName
      continue
    }
    if (name === '--help' || name === '-h') return { ok: false, message: PROXY_USAGE }
    return { ok: false, message: `unknown option ${JSON.stringify(arg)}\n${PROXY_USAGE}` }
  }
  return { ok: false, message: `expected a server command\n${PROXY_USAGE}` }
}
