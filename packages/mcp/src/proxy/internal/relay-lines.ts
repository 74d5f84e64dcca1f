import type { Readable, Writable } from 'node:stream'

/**
 * A line sink that writes to `target` and, when `target`'s buffer is full,
 * pauses `source` until it drains: a fast side never makes the proxy hold
 * an unbounded backlog in memory. One drain listener at a time, however
 * many lines are written while `source` is paused (the rest of the chunk
 * being split still arrives).
 */
export function relayLines(source: Readable, target: Writable): (line: Buffer) => void {
  let waiting = false
  const resume = (): void => {
    waiting = false
    source.resume()
  }
  return (line) => {
    if (target.write(line) || waiting) return
    waiting = true
    source.pause()
    target.once('drain', resume)
  }
}
