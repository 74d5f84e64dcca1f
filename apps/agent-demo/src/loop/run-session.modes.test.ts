// The modes of the original agent's own test suite, each in its
// own test: after the split, every entry takes the ordinary tool path.
import { localBatchError, MAX_CALLS_PER_DISPATCH } from '@x/batch-split'
import { describe, expect, it } from 'vitest'
import { bridgeCall, fakeTool, oneBatch, runScripted } from '../testing/loop-harness.js'
import type { JsonObject } from '../tools/types.js'
import { callBudget } from '../plugins/call-budget.js'
import type { Plugin, ToolCallEvent } from './types.js'

const READ = 'mcp__files__read'
const WRITE = 'mcp__tickets__create'

function setup() {
  const log: string[] = []
  const received = new Map<string, JsonObject>()
  const read = fakeTool(READ, log, received)
  const write = fakeTool(WRITE, log, received, {
    toolset: 'tickets',
    parallelSafe: false,
    kind: 'write',
    schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
  })
  const hookLog: string[] = []
  const recorder: Plugin = {
    name: 'recorder',
    preToolCall: (event: ToolCallEvent) => void hookLog.push(`pre:${event.toolName}:${event.callId}`),
    postToolCall: (event) => void hookLog.push(`post:${event.toolName}:${event.callId}:${event.result.status}`),
  }
  return { log, received, tools: [read, write], hookLog, recorder }
}

const twoReads = bridgeCall('call_parent', [
  [READ, { path: 'a.md' }],
  [READ, { path: 'b.md' }],
])

describe('one batched tool_call, entry by entry', () => {
  it('allow: both entries run once, in order, each result paired to its own id', async () => {
    const { log, tools } = setup()
    const run = await runScripted(oneBatch(twoReads), tools, { log, maxWorkers: 1 })
    const [first, second] = run.calls
    expect(run.calls).toHaveLength(2)
    expect(first!.id).toBe('call_parent')
    expect(second!.id).toMatch(/^call_[0-9a-f]{12}$/)
    expect(run.results.map((result) => [result.toolCallId, result.status, result.content])).toEqual([
      [first!.id, 'ok', 'ran mcp__files__read {"path":"a.md"}'],
      [second!.id, 'ok', 'ran mcp__files__read {"path":"b.md"}'],
    ])
    expect(log.filter((line) => line.startsWith('start:'))).toEqual([`start:${first!.id}`, `start:${second!.id}`])
  })

  it('block: a hook blocks the second entry; the first still runs', async () => {
    const { log, tools, hookLog, recorder } = setup()
    const blockB: Plugin = {
      name: 'no-b',
      preToolCall: (event) =>
        event.args.path === 'b.md' ? { action: 'block', message: 'b.md is private' } : undefined,
    }
    const run = await runScripted(oneBatch(twoReads), tools, { log, plugins: [recorder, blockB] })
    const [first, second] = run.calls
    expect(run.results.map((result) => result.status)).toEqual(['ok', 'blocked'])
    expect(run.results[1]!.content).toBe('Blocked by no-b: b.md is private')
    expect(run.results[1]!.decisions).toEqual([{ by: 'hook:no-b', action: 'block', message: 'b.md is private' }])
    expect(log).not.toContain(`start:${second!.id}`)
    // Reads are parallel-safe: the second entry's checks may run while the first is dispatched.
    expect([...hookLog].sort()).toEqual(
      [`post:${READ}:${first!.id}:ok`, `pre:${READ}:${first!.id}`, `pre:${READ}:${second!.id}`].sort(),
    )
  })

  it("scope: a disabled toolset runs nothing, fires no hook, and answers with the original's message", async () => {
    const { log, tools, hookLog, recorder } = setup()
    const run = await runScripted(oneBatch(twoReads), tools, { log, plugins: [recorder], enabledToolsets: ['tickets'] })
    expect(run.results.map((result) => [result.status, result.content])).toEqual([
      [
        'out_of_scope',
        "'mcp__files__read' is not available in this session. Use tool_search to find tools you can call.",
      ],
      [
        'out_of_scope',
        "'mcp__files__read' is not available in this session. Use tool_search to find tools you can call.",
      ],
    ])
    expect(log.filter((line) => line.startsWith('start:'))).toEqual([])
    expect(hookLog).toEqual([])
  })

  it('scope: an unknown tool gets the same message', async () => {
    const { tools } = setup()
    const run = await runScripted(oneBatch(bridgeCall('call_x', [['mcp__nope__x', {}]])), tools)
    expect(run.results[0]!.content).toBe(
      "'mcp__nope__x' is not available in this session. Use tool_search to find tools you can call.",
    )
  })

  it('schema: the entry lacking a required argument gets a result naming it; hooks fire for the first only', async () => {
    const { log, tools, hookLog, recorder } = setup()
    const batch = bridgeCall('call_parent', [
      [READ, { path: 'a.md' }],
      [READ, { file: 'b.md' }],
    ])
    const run = await runScripted(oneBatch(batch), tools, { log, plugins: [recorder] })
    const [first, second] = run.calls
    expect(run.results.map((result) => result.status)).toEqual(['ok', 'invalid_args'])
    expect(run.results[1]!.content).toBe(
      "Invalid arguments for 'mcp__files__read': missing required argument 'path'. First failing path: / (must have required property 'path'). The tool was not called.",
    )
    expect(log).not.toContain(`start:${second!.id}`)
    expect(hookLog).toEqual([`pre:${READ}:${first!.id}`, `post:${READ}:${first!.id}:ok`])
  })

  it('schema: a wrong type reports the first failing path', async () => {
    const { tools } = setup()
    const run = await runScripted(oneBatch(bridgeCall('call_t', [[READ, { path: ['a', 'b'] }]])), tools)
    expect(run.results[0]!.content).toContain('First failing path: /path (must be string)')
  })

  it('approval denied for one entry blocks only that entry', async () => {
    const { log, tools } = setup()
    const batch = bridgeCall('call_parent', [
      [WRITE, { title: 'keep' }],
      [WRITE, { title: 'refuse' }],
      [READ, { path: 'a.md' }],
    ])
    const asked: string[] = []
    const run = await runScripted(oneBatch(batch), tools, {
      log,
      approvalMode: 'writes',
      approver: (request) => {
        asked.push(String(request.args.title))
        return Promise.resolve(request.args.title !== 'refuse')
      },
    })
    expect(asked).toEqual(['keep', 'refuse'])
    expect(run.results.map((result) => result.status)).toEqual(['ok', 'denied', 'ok'])
    expect(run.results[1]!.decisions).toEqual([{ by: 'approval', action: 'deny', message: 'write tool' }])
    expect(log).not.toContain(`start:${run.calls[1]!.id}`)
  })

  it('a hook may ask for approval and modify the arguments', async () => {
    const { tools, received } = setup()
    const plugin: Plugin = {
      name: 'guard',
      preToolCall: (event) =>
        event.args.path === 'a.md'
          ? { action: 'modify', args: { path: 'sandbox/a.md' } }
          : { action: 'ask', message: 'unusual path' },
    }
    const run = await runScripted(oneBatch(twoReads), tools, {
      plugins: [plugin],
      approver: () => Promise.resolve(true),
    })
    expect(received.get(run.calls[0]!.id)).toEqual({ path: 'sandbox/a.md' })
    expect(run.results[0]!.argsReceived).toEqual({ path: 'sandbox/a.md' })
    expect(run.results[1]!.decisions?.map((decision) => `${decision.by}:${decision.action}`)).toEqual([
      'hook:guard:ask',
      'approval:approve',
    ])
  })

  it('a guardrail blocks after the hooks', async () => {
    const { tools } = setup()
    const run = await runScripted(oneBatch(twoReads), tools, {
      guardrails: [
        {
          name: 'one-per-turn',
          check: (event) => (event.entryIndex > 0 ? `only 1 of ${event.turnCallCount} calls allowed` : undefined),
        },
      ],
    })
    expect(run.results.map((result) => [result.status, result.content])).toEqual([
      ['ok', 'ran mcp__files__read {"path":"a.md"}'],
      ['blocked', 'Blocked by guardrail one-per-turn: only 1 of 2 calls allowed'],
    ])
  })

  it('a malformed entry gets the dispatcher error and nothing runs', async () => {
    const { log, tools } = setup()
    const malformed = {
      id: 'call_bad',
      type: 'function' as const,
      function: {
        name: 'tool_call',
        arguments: JSON.stringify({ calls: [{ name: READ, arguments: { path: 'a.md' } }, { arguments: {} }] }),
      },
    }
    const run = await runScripted(oneBatch(malformed), tools, { log })
    expect(run.calls).toEqual([malformed])
    expect(run.results).toEqual([
      expect.objectContaining({
        toolCallId: 'call_bad',
        status: 'malformed',
        content: "tool_call calls[1] requires a 'name'",
      }),
    ])
    expect(log).toEqual(['store:assistant:call_bad', 'store:result:call_bad', 'store:assistant:'])
  })

  it('arguments that are not JSON are a malformed result, not a crash', async () => {
    const { tools } = setup()
    const call = { id: 'call_json', type: 'function' as const, function: { name: READ, arguments: '{"path": ' } }
    const run = await runScripted(oneBatch(call), tools)
    expect(run.results[0]).toMatchObject({ toolCallId: 'call_json', status: 'malformed' })
    expect(run.results[0]!.content).toMatch(/^arguments of 'mcp__files__read' are not valid JSON: /)
  })

  it(`a batch of more than ${MAX_CALLS_PER_DISPATCH} entries reaches the dispatcher unsplit and gets localBatchError's message`, async () => {
    const { log, tools } = setup()
    const entries = Array.from(
      { length: MAX_CALLS_PER_DISPATCH + 1 },
      (_, index) => [READ, { path: `${index}.md` }] as const,
    )
    const run = await runScripted(oneBatch(bridgeCall('call_big', entries)), tools, { log })
    expect(run.calls.map((call) => call.id)).toEqual(['call_big'])
    expect(run.results).toHaveLength(1)
    expect(run.results[0]!.status).toBe('batch_rejected')
    expect(run.results[0]!.content).toBe(localBatchError(entries.map(([name, args]) => ({ name, arguments: args }))))
    expect(log.filter((line) => line.startsWith('start:'))).toEqual([])
  })

  it('a tool that throws gets a tool_error result and the turn goes on', async () => {
    const log: string[] = []
    const received = new Map<string, JsonObject>()
    const broken = fakeTool(READ, log, received, { run: () => Promise.reject(new Error('disk on fire')) })
    const run = await runScripted(oneBatch(twoReads), [broken])
    expect(run.results.map((result) => [result.status, result.content])).toEqual([
      ['tool_error', 'Error: disk on fire'],
      ['tool_error', 'Error: disk on fire'],
    ])
  })
})

describe('per-turn budget', () => {
  it('counts the expanded list: the third entry of one batched tool_call exceeds a budget of two', async () => {
    const { log, tools } = setup()
    const batch = bridgeCall('call_parent', [
      [READ, { path: 'a.md' }],
      [READ, { path: 'b.md' }],
      [READ, { path: 'c.md' }],
    ])
    const run = await runScripted(oneBatch(batch), tools, { log, guardrails: [callBudget(2)] })
    expect(run.events.find((event) => event.type === 'assistant')).toMatchObject({
      modelCallCount: 1,
      callIds: run.calls.map((call) => call.id),
    })
    expect(run.results.map((result) => [result.status, result.content])).toEqual([
      ['ok', 'ran mcp__files__read {"path":"a.md"}'],
      ['ok', 'ran mcp__files__read {"path":"b.md"}'],
      ['blocked', 'Blocked by guardrail call-budget: this turn has 3 tool calls; the budget is 2 per turn'],
    ])
  })
})

describe('the old contract (splitBatches: false, for compare)', () => {
  it('leaves a two-entry local batch whole, so the dispatcher rejects it with the correction and nothing runs', async () => {
    const { log, tools } = setup()
    const run = await runScripted(oneBatch(twoReads), tools, { log, splitBatches: false })
    expect(run.calls).toEqual([twoReads])
    expect(run.results).toEqual([
      expect.objectContaining({
        toolCallId: 'call_parent',
        status: 'batch_rejected',
        content: localBatchError([
          { name: READ, arguments: { path: 'a.md' } },
          { name: READ, arguments: { path: 'b.md' } },
        ]),
      }),
    ])
    expect(log.filter((line) => line.startsWith('start:'))).toEqual([])
  })
})
