import { execFileSync, spawn } from 'node:child_process'
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { PROXY_BIN } from './servers.js'
import type { ServerCommand } from './servers.js'

/** The proxy bin as a child of the test, with what it wrote collected. */
export interface SpawnedProxy {
  readonly process: ChildProcessWithoutNullStreams
  readonly stdout: () => Buffer
  readonly stderr: () => string
  /** Resolves with the proxy's exit code (`128 + n` for signal n, as a shell reports it). */
  readonly exited: Promise<number>
  /** The pids of the proxy's own children (the server). */
  readonly serverPids: () => number[]
}

/** Starts `node x-mcp-fix.js [proxyArgs] -- <server>` with piped stdio. */
export function spawnProxy(server: ServerCommand, proxyArgs: readonly string[] = []): SpawnedProxy {
  const child = spawn(process.execPath, [PROXY_BIN, ...proxyArgs, '--', server.command, ...server.args], {
    env: { ...process.env, ...server.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const out: Buffer[] = []
  const err: Buffer[] = []
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
  const exited = new Promise<number>((resolve) =>
    child.on('close', (code, signal) =>
      resolve(code ?? (signal === 'SIGKILL' ? 137 : signal === 'SIGTERM' ? 143 : -1)),
    ),
  )
  return {
    process: child,
    stdout: () => Buffer.concat(out),
    stderr: () => Buffer.concat(err).toString('utf8'),
    exited,
    serverPids: () => childPids(child.pid!),
  }
}

/** Pids whose parent is `pid`, read from `ps`. */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0)
  } catch {
    // ps exits 1 when no process matched.
    return []
  }
}

/** Waits until `read()` passes `test`, polling; rejects after `timeoutMs`. */
export async function waitFor<T>(read: () => T, test: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (test(value)) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${String(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
