#!/usr/bin/env node
// `pnpm demo [command] [options]` from the repository root: builds the demo
// and the packages it uses, quietly (the build's output is shown only when
// it fails), then runs `agent-demo <command>` (`demo` by default) from the
// folder the person ran pnpm in, so relative paths and printed hints work
// there. Hints the CLI prints then read `pnpm demo ...`.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
// The pnpm that runs this script: a JavaScript file to run with this Node,
// or a standalone executable.
const pnpm = process.env.npm_execpath ?? 'pnpm'
const [command, ...prefix] = /\.[cm]?js$/u.test(pnpm) ? [process.execPath, pnpm] : [pnpm]

const build = spawnSync(
  command,
  [...prefix, 'exec', 'turbo', 'run', 'build', '--filter=@x/agent-demo...', '--output-logs=errors-only'],
  {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  },
)
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`)
  process.stderr.write(
    `pnpm demo: the build failed${build.error === undefined ? '' : ` (${build.error.message})`}; its output is above\n`,
  )
  process.exit(build.status ?? 1)
}

const args = process.argv.slice(2)
// The CLI handles Ctrl-C itself (first: stop the batch cleanly); this
// wrapper must outlive it to pass its exit code on.
process.on('SIGINT', () => {})
const run = spawnSync(process.execPath, [cli, ...(args.length === 0 ? ['demo'] : args)], {
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdio: 'inherit',
  env: { ...process.env, AGENT_DEMO_COMMAND: 'pnpm demo' },
})
process.exit(run.status ?? (run.signal === 'SIGINT' ? 130 : 1))
