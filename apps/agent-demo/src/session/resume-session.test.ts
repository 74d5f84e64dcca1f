import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AssistantMessage, SystemMessage, ToolMessage, UserMessage } from '../model/types.js'
import { findScenario } from '../scenarios/all-scenarios.js'
import { readAndTicket } from '../scenarios/read-and-ticket.js'
import { createMemoryStore } from '../store/memory-store.js'
import { createSqliteStore } from '../store/sqlite-store.js'
import type { SessionStore, StoredMessage } from '../store/types.js'
import { loadScript } from './load-script.js'
import { replaySession } from './replay-session.js'
import { resumeSession } from './resume-session.js'
import { runScenario } from './run-scenario.js'

// A crash is simulated by copying a complete run (in-memory tools, fast) into
// a SQLite store up to a cut point: what a SIGKILL leaves behind. The real
// kill of a real process is src/cli/crash-resume.test.ts.
let dir: string
let store: SessionStore
let recorded: readonly StoredMessage[]
let sessionId: string

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-demo-resume-'))
  const memory = createMemoryStore()
  const run = await runScenario({ scenario: readAndTicket, script: loadScript(readAndTicket.script), store: memory })
  sessionId = run.sessionId
  recorded = await memory.loadMessages(sessionId)
  store = createSqliteStore(join(dir, 'sessions.db'))
  await store.createSession((await memory.getSession(sessionId))!)
})
afterEach(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
})

const copyUpTo = async (count: number): Promise<void> => {
  for (const { message, at } of recorded.slice(0, count)) {
    if (message.role === 'assistant') await store.appendAssistantTurn(sessionId, message as AssistantMessage, at)
    else if (message.role === 'tool') await store.appendToolResult(sessionId, message as ToolMessage, at)
    else await store.appendMessage(sessionId, message as UserMessage | SystemMessage, at)
  }
}
const results = async (): Promise<ToolMessage[]> =>
  (await store.loadMessages(sessionId)).flatMap(({ message }) => (message.role === 'tool' ? [message] : []))

describe('resumeSession', () => {
  // recorded: user, search turn, search result, batch turn (3 calls), 3 results, final answer
  it('gives the calls the crash left open an "interrupted" result and runs none of them', async () => {
    await copyUpTo(5)
    const report = await resumeSession(store, sessionId, findScenario)
    expect(report.interrupted.map(({ message }) => (message as ToolMessage).status)).toEqual([
      'interrupted',
      'interrupted',
    ])
    expect((await results()).map((result) => result.status)).toEqual(['ok', 'ok', 'interrupted', 'interrupted'])
  })

  it('keeps the result of a call that had completed, once', async () => {
    await copyUpTo(5)
    await resumeSession(store, sessionId, findScenario)
    const ids = (await results()).map((result) => result.toolCallId)
    expect(new Set(ids).size).toBe(ids.length)
    expect((await results())[1]).toEqual(recorded[4]!.message)
  })

  it('carries the script on after the assistant turns already stored', async () => {
    await copyUpTo(5)
    const report = await resumeSession(store, sessionId, findScenario)
    expect(report.outcome).toMatchObject({ rounds: 1, stopped: false })
    expect((await store.loadMessages(sessionId)).at(-1)!.message).toEqual(recorded.at(-1)!.message)
  })

  it('starts the script from its first turn when the crash came before any model turn was stored', async () => {
    await copyUpTo(1)
    await resumeSession(store, sessionId, findScenario)
    const messages = (await store.loadMessages(sessionId)).map(({ message }) => message)
    expect(messages.map((message) => message.role)).toEqual(recorded.map(({ message }) => message.role))
  })

  it('does nothing to a session that had ended', async () => {
    await copyUpTo(recorded.length)
    const report = await resumeSession(store, sessionId, findScenario)
    expect(report).toEqual({ sessionId, interrupted: [] })
    expect(await store.loadMessages(sessionId)).toHaveLength(recorded.length)
  })

  it('replays a resumed session identically: the replay dies where the recording did, then resumes', async () => {
    await copyUpTo(5)
    await resumeSession(store, sessionId, findScenario)
    const report = await replaySession(store, sessionId, findScenario)
    expect(report.difference).toBeUndefined()
    expect(report.identical).toBe(true)
  })

  it('refuses a session the store does not have', async () => {
    await expect(resumeSession(store, 'nope', findScenario)).rejects.toThrow("no session 'nope' in the store")
  })
})
