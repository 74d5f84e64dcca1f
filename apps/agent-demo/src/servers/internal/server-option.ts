/**
 * Read `--<name> <value>` (or `--<name>=<value>`) from argv, else the
 * environment variable, else `undefined`: servers get their folder or
 * database path either way, so both a CLI and `StdioClientTransport`'s `env`
 * can configure them.
 */
export function serverOption(argv: readonly string[], name: string, envName: string): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]
    if (argument === `--${name}`) return argv[index + 1]
    if (argument?.startsWith(`--${name}=`) === true) return argument.slice(name.length + 3)
  }
  const fromEnv = process.env[envName]
  return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv
}
