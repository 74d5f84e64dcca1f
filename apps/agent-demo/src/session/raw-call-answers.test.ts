import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareDemoWorkspace } from '../workspace/demo-workspace.js'
import type { ToolMessage } from '../model/types.js'
import type { JsonObject, JsonValue } from '../tools/types.js'
import { readAndTicket } from '../scenarios/read-and-ticket.js'
import { readAndTicketMcp } from '../scenarios/mcp-scenarios.js'
import { rawCallAnswers, type RawCallAnswer } from './raw-call-answers.js'

// The session's world (a prepared workspace) and results as the loop stored
// them: one read whose `limit` was coerced, one write whose key was restored
// (the raw write succeeds, so it would change a world), one call unchanged.
let dir: string
let workspace: string
let answers: RawCallAnswer[]
const result = (
  toolCallId: string,
  tool: string,
  argsSent: JsonValue,
  argsReceived: JsonObject,
  status: ToolMessage['status'] = 'ok',
): ToolMessage => ({
  role: 'tool',
  toolCallId,
  tool,
  content: '',
  status,
  argsSent,
  argsReceived,
})
const RESULTS: readonly ToolMessage[] = [
  result('call_read', 'mcp__files__read', { path: 'README.md', limit: '5' }, { path: 'README.md', limit: 5 }),
  result(
    'call_write',
    'mcp__files__write',
    { path: 'notes/raw.md', content: 'raw', create_folders: 'true' },
    { path: 'notes/raw.md', content: 'raw', 'create folders': true },
  ),
  result('call_same', 'mcp__git__status', {}, {}),
  result(
    'call_blocked',
    'mcp__files__write',
    { path: '../x.md', content: 'x', create_folders: 'true' },
    { path: '../x.md', content: 'x', 'create folders': true },
    'blocked',
  ),
]

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-demo-raw-'))
  workspace = join(dir, 'world')
  prepareDemoWorkspace(workspace)
  symlinkSync('../README.md', join(workspace, 'sandbox', 'notes', 'readme-link'))
  answers = await rawCallAnswers(readAndTicketMcp, RESULTS, workspace)
}, 30_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('rawCallAnswers', () => {
  it('sends again only the calls a fix changed and the tool ran', () => {
    expect(answers.map((answer) => answer.callId)).toEqual(['call_read', 'call_write'])
  })

  it('shows what the real server answers to the arguments as the model sent them', () => {
    expect(answers[0]).toMatchObject({
      tool: 'mcp__files__read',
      argsSent: { path: 'README.md', limit: '5' },
      isError: true,
    })
    expect(answers[0]!.content).toContain('expected number, received string')
  })

  it("never touches the session's own world, even for a raw call that succeeds", () => {
    expect(answers[1]).toMatchObject({ isError: false })
    expect(existsSync(join(workspace, 'sandbox', 'notes', 'raw.md'))).toBe(false)
    expect(readFileSync(join(workspace, 'sandbox', 'README.md'), 'utf8')).toContain('# Billing service')
  })

  it('runs nothing and copies nothing when no call was changed', async () => {
    expect(await rawCallAnswers(readAndTicketMcp, [RESULTS[2]!], workspace)).toEqual([])
  })

  it('sets up fresh stand-in tools for an in-memory scenario', async () => {
    const [answer] = await rawCallAnswers(
      readAndTicket,
      [
        result(
          'call_read',
          'mcp__files__read',
          { path: 'notes/todo.md', max_lines: '1' },
          { path: 'notes/todo.md', 'max lines': 1 },
        ),
      ],
      undefined,
    )
    expect(answer).toMatchObject({ callId: 'call_read', isError: false })
  })
})
