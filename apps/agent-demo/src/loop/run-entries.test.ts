// Scheduling, ordering, persistence and stop. No timings: overlap and order
// are read from the shared log of start/end markers and store writes.
import { describe, expect, it } from 'vitest'
import { bridgeCall, fakeTool, oneBatch, runScripted } from '../testing/loop-harness.js'
import type { JsonObject } from '../tools/types.js'

const READ = 'mcp__files__read'
const WRITE = 'mcp__tickets__create'
const writeSchema: JsonObject = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }
const starts = (log: readonly string[]): string[] => log.filter((line) => /^(start|end):/.test(line))

describe('concurrency', () => {
  it('parallel-safe entries overlap, a non-safe one runs alone, and results still come back in entry order', async () => {
    const log: string[] = []
    const received = new Map<string, JsonObject>()
    const slowRead = fakeTool(READ, log, received, { ticks: 4 })
    const fastRead = fakeTool('mcp__files__stat', log, received, { ticks: 1 })
    const write = fakeTool(WRITE, log, received, {
      toolset: 'tickets',
      parallelSafe: false,
      kind: 'write',
      schema: writeSchema,
      ticks: 1,
    })
    const batch = bridgeCall('call_a', [
      [READ, { path: 'a' }],
      ['mcp__files__stat', { path: 'b' }],
      [WRITE, { title: 'c' }],
      [READ, { path: 'd' }],
    ])
    const run = await runScripted(oneBatch(batch), [slowRead, fastRead, write], { log })
    const [a, b, c, d] = run.calls.map((call) => call.id)
    // a and b overlap (b starts before a ends, and even ends first); c starts
    // only after both ended and ends before d starts.
    expect(starts(log)).toEqual([
      `start:${a}`,
      `start:${b}`,
      `end:${b}`,
      `end:${a}`,
      `start:${c}`,
      `end:${c}`,
      `start:${d}`,
      `end:${d}`,
    ])
    expect(run.results.map((result) => result.toolCallId)).toEqual([a, b, c, d])
    expect(log.filter((line) => line.startsWith('store:result:'))).toEqual(
      [a, b, c, d].map((id) => `store:result:${id}`),
    )
  })

  it('never runs more parallel-safe entries at once than maxWorkers', async () => {
    const log: string[] = []
    const read = fakeTool(READ, log, new Map(), { ticks: 2 })
    const batch = bridgeCall(
      'call_w',
      [1, 2, 3, 4, 5].map((n) => [READ, { path: `${n}` }] as const),
    )
    await runScripted(oneBatch(batch), [read], { log, maxWorkers: 2 })
    let running = 0
    let most = 0
    for (const line of starts(log)) {
      running += line.startsWith('start:') ? 1 : -1
      most = Math.max(most, running)
    }
    expect(most).toBe(2)
    expect(starts(log)).toHaveLength(10)
  })
})

describe('persistence order', () => {
  it('writes the assistant turn with every child call before the first result, and each result as it completes', async () => {
    const log: string[] = []
    const write = fakeTool(WRITE, log, new Map(), {
      toolset: 'tickets',
      parallelSafe: false,
      kind: 'write',
      schema: writeSchema,
    })
    const batch = bridgeCall('call_p', [
      [WRITE, { title: '1' }],
      [WRITE, { title: '2' }],
      [WRITE, { title: '3' }],
    ])
    const run = await runScripted(oneBatch(batch), [write], { log })
    const [one, two, three] = run.calls.map((call) => call.id)
    expect(log).toEqual([
      `store:assistant:${one},${two},${three}`,
      `start:${one}`,
      `end:${one}`,
      `store:result:${one}`,
      `start:${two}`,
      `end:${two}`,
      `store:result:${two}`,
      `start:${three}`,
      `end:${three}`,
      `store:result:${three}`,
      'store:assistant:',
    ])
  })

  it('stores the results with gap-free positions right after their assistant turn', async () => {
    const read = fakeTool(READ, [], new Map())
    const run = await runScripted(
      oneBatch(
        bridgeCall('call_s', [
          [READ, { path: 'a' }],
          [READ, { path: 'b' }],
        ]),
      ),
      [read],
    )
    const stored = await run.store.loadMessages(run.sessionId)
    expect(stored.map((message) => [message.seq, message.message.role])).toEqual([
      [0, 'user'],
      [1, 'assistant'],
      [2, 'tool'],
      [3, 'tool'],
      [4, 'assistant'],
    ])
  })
})

describe('stop', () => {
  it('interrupt after the first entry: the second is skipped, never dispatched, and still paired with a result', async () => {
    const log: string[] = []
    const controller = new AbortController()
    const hooked: string[] = []
    const write = fakeTool(WRITE, log, new Map(), {
      toolset: 'tickets',
      parallelSafe: false,
      kind: 'write',
      schema: writeSchema,
      run: () => {
        controller.abort()
        return Promise.resolve({ content: 'written' })
      },
    })
    const batch = bridgeCall('call_i', [
      [WRITE, { title: '1' }],
      [WRITE, { title: '2' }],
    ])
    const run = await runScripted(oneBatch(batch), [write], {
      log,
      signal: controller.signal,
      plugins: [{ name: 'spy', preToolCall: (event) => void hooked.push(event.callId) }],
    })
    const [first, second] = run.calls.map((call) => call.id)
    expect(run.results.map((result) => [result.toolCallId, result.status, result.content])).toEqual([
      [first, 'ok', 'written'],
      [second, 'skipped', 'Skipped, not started: the turn was stopped before this call ran.'],
    ])
    expect(log).not.toContain(`start:${second}`)
    expect(hooked).toEqual([first])
    // No further model round trip after a stop.
    expect(run.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: second })
    expect(run.events.at(-1)).toEqual({ type: 'stopped', reason: 'stopped by the user' })
  })

  it('an in-flight entry that honours the signal ends cancelled; entries waiting for a worker are skipped', async () => {
    const log: string[] = []
    const controller = new AbortController()
    const stopper = fakeTool('mcp__files__stop', log, new Map(), {
      ticks: 1,
      run: () => {
        controller.abort()
        return Promise.resolve({ content: 'stopping' })
      },
    })
    const waiter = fakeTool(READ, log, new Map(), {
      run: (_args, _id, signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
        ),
    })
    const batch = bridgeCall('call_c', [
      ['mcp__files__stop', { path: 'x' }],
      [READ, { path: 'y' }],
      [READ, { path: 'z' }],
    ])
    const run = await runScripted(oneBatch(batch), [stopper, waiter], { log, signal: controller.signal, maxWorkers: 2 })
    expect(run.results.map((result) => result.status)).toEqual(['ok', 'cancelled', 'skipped'])
    expect(run.results[1]!.content).toBe('Cancelled: the turn was stopped while this call was running.')
    expect(log).not.toContain(`start:${run.calls[2]!.id}`)
    expect(new Set(run.results.map((result) => result.toolCallId))).toEqual(new Set(run.calls.map((call) => call.id)))
  })

  it('a signal aborted before the turn makes no model call at all', async () => {
    const controller = new AbortController()
    controller.abort()
    const run = await runScripted(
      oneBatch(bridgeCall('call_n', [[READ, { path: 'a' }]])),
      [fakeTool(READ, [], new Map())],
      {
        signal: controller.signal,
      },
    )
    expect(run.messages).toEqual([{ role: 'user', content: 'go' }])
  })
})
