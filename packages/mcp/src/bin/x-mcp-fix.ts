import { parseProxyArgv } from '../proxy/parse-proxy-argv.js'
import { startProxy } from '../proxy/start-proxy.js'

// The host talks to this process over stdio: stdout carries protocol
// messages only, so everything meant for a person goes to stderr.
const argv = parseProxyArgv(process.argv.slice(2))
if (!argv.ok) {
  process.stderr.write(`x-mcp-fix: ${argv.message}\n`)
  process.exit(2)
}
const proxy = startProxy({
  command: argv.command,
  args: argv.args,
  ...(argv.provider === undefined ? {} : { provider: argv.provider }),
  ...(argv.graceMs === undefined ? {} : { graceMs: argv.graceMs }),
})
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(signal, () => proxy.stop())
const code = await proxy.exited
// Exit once stdout has taken the server's last messages.
process.stdout.write('', () => process.exit(code))
