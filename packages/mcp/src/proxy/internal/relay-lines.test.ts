import { PassThrough, Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { relayLines } from './relay-lines.js'

describe('relayLines', () => {
  it('pauses the source while the target is full, with one drain listener, and resumes on drain', async () => {
    const source = new PassThrough()
    source.resume()
    const written: string[] = []
    const target = new Writable({
      highWaterMark: 4,
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk.toString())
        setTimeout(callback, 5)
      },
    })
    const relay = relayLines(source, target)
    for (let index = 0; index < 50; index++) relay(Buffer.from(`line ${index}\n`))
    expect(source.isPaused()).toBe(true)
    expect(target.listenerCount('drain')).toBe(1)
    await new Promise((resolve) => target.once('drain', resolve))
    await new Promise((resolve) => setImmediate(resolve))
    expect(source.isPaused()).toBe(false)
    await new Promise((resolve) => target.end(resolve))
    expect(written.join('')).toBe(Array.from({ length: 50 }, (_, index) => `line ${index}\n`).join(''))
  })
})
