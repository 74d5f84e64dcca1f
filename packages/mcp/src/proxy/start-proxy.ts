import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import type { Readable, Writable } from 'node:stream'
import type { ProviderName } from '@x/provider-schema'
import { PROVIDER_NAMES } from '@x/provider-schema'
import { providerToolPages } from '../internal/provider-tool-pages.js'
import { coercionFix } from './internal/coercion-fix.js'
import { lineReader } from './internal/line-reader.js'
import { relayLines } from './internal/relay-lines.js'
import { toolTraffic } from './internal/tool-traffic.js'

/** What {@link startProxy} runs and where it talks. */
export interface ProxyOptions {
  /** The MCP server to run (a stdio server), e.g. `'npx'`. */
  readonly command: string
  /** Its arguments. */
  readonly args?: readonly string[]
  /**
   * The provider the host's model is served by. With it, `tools/list`
   * results are rewritten for that provider (tool names, property keys,
   * keywords it rejects) and calls are restored from that form; without it,
   * the tools are listed as the server lists them and calls are coerced only.
   */
  readonly provider?: ProviderName
  /** Milliseconds between each step of stopping the server (stdin closed, SIGTERM, SIGKILL); 2000 by default. */
  readonly graceMs?: number
  /** The server's environment; this process's by default. */
  readonly env?: NodeJS.ProcessEnv
  /** The server's working folder; this process's by default. */
  readonly cwd?: string
  /** Where the host's messages come from; `process.stdin` by default. */
  readonly input?: Readable
  /** Where the host reads; `process.stdout` by default. */
  readonly output?: Writable
  /** Diagnostics (never protocol traffic); a line on `process.stderr` by default. */
  readonly log?: (message: string) => void
}

/** A running proxy. */
export interface RunningProxy {
  /** The server's process id (undefined when it could not be started). */
  readonly pid: number | undefined
  /** Resolves with the exit code the proxy should exit with: the server's own, `128 + n` when signal `n` ended it, 127 when it could not start. */
  readonly exited: Promise<number>
  /** Stops the server as a host disconnect does: stdin closed, then SIGTERM, then SIGKILL, a grace period apart. */
  stop(): void
}

/**
 * Spawns a stdio MCP server and relays newline-delimited JSON-RPC between it
 * and the host, both ways, fixing tool messages on the way.
 *
 * Only `tools/list` results (with `provider`) and `tools/call` requests are rewritten; every
 * other line (initialize, resources, prompts, notifications, progress,
 * cancellation, errors, the server's own requests and their answers) is
 * written on byte for byte, in order. The server's stderr is this process's
 * stderr; nothing but the server's messages is ever written to `output`.
 *
 * Lifetime follows the MCP stdio rules: when `input` ends (the host went
 * away) the server's stdin is closed, then it gets SIGTERM and then SIGKILL,
 * `graceMs` apart, until it exits. When the server exits, `exited` resolves
 * once its last output is written. If this process is killed outright, the
 * server's stdin closes with it, which is how stdio servers learn to exit.
 *
 * @param options - the server command, stdio and timing
 * @returns the running proxy
 * @throws TypeError when `options` is malformed
 */
export function startProxy(options: ProxyOptions): RunningProxy {
  if (
    typeof options !== 'object' ||
    options === null ||
    typeof options.command !== 'string' ||
    options.command === ''
  ) {
    throw new TypeError(
      `startProxy: expected options.command to be a non-empty string, received ${describe(options?.command)}`,
    )
  }
  if (options.provider !== undefined && !(PROVIDER_NAMES as readonly unknown[]).includes(options.provider)) {
    throw new TypeError(
      `startProxy: expected options.provider to be one of ${PROVIDER_NAMES.join(', ')}, received ${describe(options.provider)}`,
    )
  }
  const graceMs = options.graceMs ?? 2000
  if (typeof graceMs !== 'number' || !(graceMs >= 0)) {
    throw new TypeError(`startProxy: expected options.graceMs to be a number >= 0, received ${describe(graceMs)}`)
  }
  const input = options.input ?? process.stdin
  const output = options.output ?? process.stdout
  const log = options.log ?? ((message: string) => process.stderr.write(`x-mcp-fix: ${message}\n`))
  const traffic = toolTraffic(options.provider === undefined ? coercionFix() : providerToolPages(options.provider))

  const child = spawn(options.command, [...(options.args ?? [])], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: options.env ?? process.env,
    cwd: options.cwd ?? process.cwd(),
  })

  let resolveExit: (code: number) => void = () => {}
  const exited = new Promise<number>((resolve) => (resolveExit = resolve))
  let childGone = false
  const timers: NodeJS.Timeout[] = []

  child.on('error', (error: NodeJS.ErrnoException) => {
    if (child.pid !== undefined) return log(`server error: ${error.message}`)
    log(`cannot start ${options.command}: ${error.message}`)
    finish(127)
  })
  // 'close' comes after the server's stdout is drained: every message it
  // wrote has been relayed by then.
  child.on('close', (code, signal) => {
    finish(code ?? (signal === null ? 1 : 128 + (constants.signals[signal] ?? 0)))
  })

  const toHost = relayLines(child.stdout, output)
  const fromServer = lineReader((line) => toHost(traffic.fromServer(line)))
  child.stdout.on('data', (chunk: Buffer) => fromServer.push(chunk))
  child.stdout.on('end', () => fromServer.end())

  const toServer = relayLines(input, child.stdin)
  const fromHost = lineReader((line) => {
    if (!childGone && !child.stdin.destroyed) toServer(traffic.fromHost(line))
  })
  // A server that exited while the host was still writing: the write fails
  // with EPIPE, and the exit is what the host hears about.
  child.stdin.on('error', () => {})
  const onInput = (chunk: Buffer | string): void =>
    fromHost.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  const onInputEnd = (): void => {
    fromHost.end()
    stop()
  }
  input.on('data', onInput)
  input.once('end', onInputEnd)
  input.once('close', onInputEnd)
  // The host stopped reading (EPIPE on our stdout): nobody is listening.
  output.on('error', () => stop())

  let stopping = false
  function stop(): void {
    if (stopping || childGone) return
    stopping = true
    child.stdin.end()
    timers.push(
      setTimeout(() => {
        if (childGone) return
        log('server still running after its stdin closed: SIGTERM')
        child.kill('SIGTERM')
        timers.push(
          setTimeout(() => {
            if (childGone) return
            log('server still running after SIGTERM: SIGKILL')
            child.kill('SIGKILL')
          }, graceMs),
        )
      }, graceMs),
    )
  }

  function finish(code: number): void {
    if (childGone) return
    childGone = true
    for (const timer of timers) clearTimeout(timer)
    input.off('data', onInput)
    input.off('end', onInputEnd)
    input.off('close', onInputEnd)
    resolveExit(code)
  }

  return { pid: child.pid, exited, stop }
}

function describe(value: unknown): string {
  return value === null ? 'null' : typeof value === 'string' ? JSON.stringify(value) : typeof value
}
