import { BUILTIN_SERVERS } from '../../shared/builtin-servers.js'
import { serverOption } from './server-option.js'

/**
 * The folder or file a built-in server works in, read the way its registry
 * entry says (`--<flag>` or the environment variable); exits with a usage
 * line when it is missing.
 */
export function builtinServerOption(name: string): string {
  const server = BUILTIN_SERVERS.find((candidate) => candidate.name === name)
  if (server === undefined) throw new TypeError(`no built-in server named ${name}`)
  const value = serverOption(process.argv.slice(2), server.flag, server.env)
  if (value === undefined) {
    console.error(`${name} server: expected --${server.flag} <${server.what}> or ${server.env}`)
    process.exit(2)
  }
  return value
}
