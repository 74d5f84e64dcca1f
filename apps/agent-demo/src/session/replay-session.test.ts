import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findScenario } from '../scenarios/all-scenarios.js'
import { readAndTicket } from '../scenarios/read-and-ticket.js'
import type { Scenario } from '../scenarios/types.js'
import { createJsonlStore } from '../store/jsonl-store.js'
import { createMemoryStore } from '../store/memory-store.js'
import { loadScript } from './load-script.js'
import { replaySession } from './replay-session.js'
import { runScenario } from './run-scenario.js'
import { transcriptOf } from './transcript.js'

const script = loadScript(readAndTicket.script)
const dirs: string[] = []
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-demo-replay-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('replay determinism', () => {
  it('two runs of the same scenario give the same session id and the same transcript, stamps included', async () => {
    const first = createMemoryStore()
    const second = createMemoryStore()
    const a = await runScenario({ scenario: readAndTicket, script, store: first })
    const b = await runScenario({ scenario: readAndTicket, script, store: second })
    expect(a.sessionId).toBe(b.sessionId)
    expect(await second.loadMessages(b.sessionId)).toEqual(await first.loadMessages(a.sessionId))
  })

  it('replay re-runs a recorded JSONL session from its script and finds the transcript identical (ids, order, results)', async () => {
    const store = createJsonlStore(tempDir())
    const { sessionId } = await runScenario({ scenario: readAndTicket, script, store })
    const report = await replaySession(store, sessionId, findScenario)
    expect(report.identical).toBe(true)
    expect(report.regenerated).toEqual(report.recorded)
    expect(report.recorded.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'tool',
      'tool',
      'assistant',
    ])
  })

  it('replay reports where a tampered recording differs', async () => {
    const dir = tempDir()
    const store = createJsonlStore(dir)
    const { sessionId } = await runScenario({ scenario: readAndTicket, script, store })
    const file = join(dir, `${sessionId}.jsonl`)
    writeFileSync(file, readFileSync(file, 'utf8').replace('created ticket #1', 'created ticket #2'))
    const report = await replaySession(createJsonlStore(dir), sessionId, findScenario)
    expect(report.identical).toBe(false)
    expect(report.difference?.index).toBe(6)
  })

  it('replay reproduces a stop after the first entry: the same entries are skipped', async () => {
    const controller = new AbortController()
    const stopping: Scenario = {
      ...readAndTicket,
      name: 'stop-after-first-read',
      async setup() {
        const setup = await readAndTicket.setup()
        return {
          ...setup,
          tools: setup.tools.map((tool) =>
            tool.name !== 'mcp__files__read'
              ? tool
              : {
                  ...tool,
                  handler: async (args, context) => {
                    const result = await tool.handler(args, context)
                    if (context.callId === 'call_batch_01') controller.abort()
                    return result
                  },
                },
          ),
        }
      },
    }
    const store = createMemoryStore()
    const run = await runScenario({ scenario: stopping, script, store, signal: controller.signal, maxWorkers: 1 })
    const recorded = transcriptOf(await store.loadMessages(run.sessionId))
    expect(recorded.filter((message) => message.role === 'tool').map((message) => message.status)).toEqual([
      'ok',
      'ok',
      'skipped',
      'skipped',
    ])
    const report = await replaySession(store, run.sessionId, (name) =>
      name === stopping.name ? readAndTicket : undefined,
    )
    expect(report.identical).toBe(true)
  })

  it('replay refuses a session whose scenario this build does not have', async () => {
    const store = createMemoryStore()
    const { sessionId } = await runScenario({ scenario: readAndTicket, script, store })
    await expect(replaySession(store, sessionId, () => undefined)).rejects.toThrow(
      "used scenario 'read-and-ticket', which this build does not have",
    )
  })
})
