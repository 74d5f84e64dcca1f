import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readTickets } from '../tickets/read-tickets.js'
import { DEMO_SCENARIO } from '../scenarios/all-scenarios.js'
import { replayCommand, runCommand, sessionsCommand, showCommand } from './commands.js'
import { parseCliOptions } from './options.js'
import { resumeCommand } from './resume-command.js'

// `agent-demo demo` end to end, in process: the three real servers over
// stdio, the default SQLite store in a temp folder, then sessions / show /
// replay / resume on what it stored.
let dir: string
let output: string
let exitCode: number
const SESSION = 'session-read-and-ticket-mcp-0001'

const command = async (
  run: (io: { write: (text: string) => void; onInterrupt: () => () => void }) => Promise<number>,
) => {
  let text = ''
  const code = await run({ write: (chunk) => void (text += chunk), onInterrupt: () => () => {} })
  return { code, text }
}
const options = (...args: string[]) => parseCliOptions([...args, '--dir', dir], {}, false)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-demo-e2e-'))
  const result = await command((io) => runCommand(options('demo'), io, DEMO_SCENARIO))
  output = result.text
  exitCode = result.code
}, 30_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const peek = <T>(sql: string): T[] => {
  const db = new Database(join(dir, 'sessions.db'), { readonly: true })
  try {
    return db.prepare(sql).all() as T[]
  } finally {
    db.close()
  }
}

describe('agent-demo demo against the real MCP servers', () => {
  it('ends successfully and names the session', () => {
    expect(exitCode).toBe(0)
    expect(output).toContain(`session ${SESSION} saved in ${join(dir, 'sessions.db')}`)
  })

  it('splits the three-entry tool_call', () => {
    expect(output).toContain('[1 call(s) from the model → split into 3]')
  })

  it('runs the ticket write alone, after both reads have their results', () => {
    // (That the two reads overlap is a scheduling fact proven by the loop's
    // concurrency tests; here the order of output lines is all that is certain.)
    const writeStarts = output.indexOf('▶ mcp__tickets__create')
    expect(output.indexOf('[2/3] call_9a507f1a45c3 mcp__files__read')).toBeGreaterThan(
      output.indexOf('[1/3] call_batch_01 mcp__files__read'),
    )
    expect(output.indexOf('[1/3] call_batch_01 mcp__files__read')).toBeGreaterThan(0)
    expect(writeStarts).toBeGreaterThan(output.indexOf('[1/3] call_batch_01 mcp__files__read'))
    expect(writeStarts).toBeGreaterThan(output.indexOf('[2/3] call_9a507f1a45c3 mcp__files__read'))
  })

  it('coerces "5" to 5 for an integer behind a $ref', () => {
    expect(output).toMatch(/mcp__files__read\s+limit\s+"5"\s+5\n/)
  })

  it('restores first_name to "first name" inside the referenced Person', () => {
    expect(output).toMatch(/assignee\.first_name → assignee\.first name\s+"Grace"\s+"Grace"/)
    expect(output).toMatch(/due_date → due date\s+"2026-10-15"\s+"2026-10-15"/)
  })

  it('blocks the write outside the sandbox with the pre_tool_call hook, while the read of its batch runs', () => {
    expect(output).toContain("hook:sandbox-writes → block: write outside the sandbox: '../summaries/incident.md'")
    expect(output).toMatch(/✓ ok\s+\[1\/2\] call_batch_02 mcp__git__log/)
  })

  it("writes the ticket, as the tool received it, to the tickets server's SQLite file", () => {
    const [ticket] = readTickets(join(dir, 'workspaces', 'sqlite', 'read-and-ticket-mcp-1', 'tickets.db'))
    expect(ticket).toMatchObject({ id: 1, title: 'Retry job sends invoices twice', dueDate: '2026-10-15', priority: 1 })
    expect(ticket!.assignee).toEqual({ 'first name': 'Grace', 'last name': 'Hopper' })
    expect(output).toContain('#1 [open] Retry job sends invoices twice')
  })

  it('stores every child call of a turn before the first result of that turn', () => {
    const rows = peek<{ message_seq: number; result_seq: number }>(
      'SELECT c.message_seq, r.result_seq FROM tool_calls c JOIN tool_results r USING (session_id, message_seq, position)',
    )
    expect(rows).toHaveLength(6)
    for (const row of rows) expect(row.result_seq).toBeGreaterThan(row.message_seq)
    expect(peek('SELECT COUNT(*) AS calls FROM tool_calls WHERE message_seq = 3')).toEqual([{ calls: 3 }])
  })

  it('lists the session with `sessions`', async () => {
    const { text } = await command((io) => sessionsCommand(options('sessions'), io))
    expect(text).toMatch(new RegExp(`^${SESSION}\\s.*11 messages`))
  })

  it('lists one JSON object per line with `sessions --json`', async () => {
    const { text } = await command((io) => sessionsCommand(options('sessions', '--json'), io))
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; messageCount: number })
    expect(lines).toEqual([expect.objectContaining({ id: SESSION, messageCount: 11 })])
  })

  it('prints one stored message per line with `show --json`', async () => {
    const { text } = await command((io) => showCommand(options('show', '--json'), io, SESSION))
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { message: { role: string } })
    expect(lines).toHaveLength(11)
    expect(lines.map((line) => line.message.role).slice(0, 2)).toEqual(['user', 'assistant'])
  })

  it('prints the stored before/after tables with `show`', async () => {
    const { code, text } = await command((io) => showCommand(options('show'), io, SESSION))
    expect(code).toBe(0)
    expect(text).toMatch(/mcp__files__read\s+limit\s+"5"\s+5\n/)
  })

  it('replays the session against fresh servers with an identical transcript', async () => {
    const { code, text } = await command((io) => replayCommand(options('replay'), io, SESSION))
    expect(text).toBe(`replay of ${SESSION}: identical (11 messages, same ids, order and results)\n`)
    expect(code).toBe(0)
  }, 20_000)

  it('resumes a finished session without running anything', async () => {
    const { code, text } = await command((io) => resumeCommand(options('resume'), io, SESSION))
    expect(code).toBe(0)
    expect(text).toContain('0 interrupted result(s) added, no call run twice; the session had already ended')
    expect(readTickets(join(dir, 'workspaces', 'sqlite', 'read-and-ticket-mcp-1', 'tickets.db'))).toHaveLength(1)
  })
})
