import { readFileSync } from 'node:fs'

/**
 * Whether a process still runs. Signal 0 checks without sending anything; a
 * zombie (exited, not yet reaped: an orphan in a container whose pid 1 does
 * not reap) answers it too, so on Linux its state is read as well.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return true
  }
}

/** Waits until `pid` is gone or `timeoutMs` passes; resolves with whether it is gone. */
export async function waitGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return !isAlive(pid)
}
