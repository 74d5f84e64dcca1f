import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import type { Message, ToolMessage } from '../model/types.js'
import { COMPARE_ENTRIES } from './compare-entries.js'
import { createCorrectingModel } from './correcting-model.js'

const entries = (turn: { toolCalls: readonly { function: { name: string; arguments: string } }[] }) =>
  turn.toolCalls.map(
    (call) =>
      (JSON.parse(call.function.arguments) as { calls?: unknown[]; query?: string }).calls ?? call.function.name,
  )
const assistant = (id: string): Message => ({
  role: 'assistant',
  content: null,
  toolCalls: [{ id, type: 'function', function: { name: 'tool_call', arguments: '{}' } }],
})
const result = (
  status: ToolMessage['status'],
  tool: string | undefined,
  argsSent: ToolMessage['argsSent'] & object,
): Message => ({
  role: 'tool',
  toolCallId: 'c',
  content: '',
  status,
  ...(tool === undefined ? {} : { tool }),
  argsSent,
})
const next = (messages: readonly Message[]) =>
  createCorrectingModel(COMPARE_ENTRIES).next({ messages: deepFreeze([...messages]), tools: [] })

describe('createCorrectingModel', () => {
  it('finds the tools, then sends every entry in one tool_call as first written', async () => {
    expect(entries(await next([]))).toEqual(['tool_search'])
    expect(entries(await next([assistant('a')]))).toEqual([
      COMPARE_ENTRIES.map((entry) => ({ name: entry.name, arguments: entry.arguments })),
    ])
  })

  it('re-issues a rejected batch one entry per tool_call, as written', async () => {
    const batch = { calls: COMPARE_ENTRIES.map((entry) => ({ name: entry.name, arguments: entry.arguments })) }
    const turn = await next([assistant('a'), assistant('b'), result('batch_rejected', undefined, batch)])
    expect(entries(turn)).toEqual(COMPARE_ENTRIES.map((entry) => [{ name: entry.name, arguments: entry.arguments }]))
    expect(turn.toolCalls.map((call) => call.id)).toEqual(['call_3_1', 'call_3_2', 'call_3_3'])
  })

  it('sends an entry the tool refused again, with the arguments the error asked for', async () => {
    const turn = await next([
      assistant('a'),
      assistant('b'),
      result('ok', 'mcp__files__read', COMPARE_ENTRIES[0]!.arguments),
      result('tool_error', 'mcp__files__read', COMPARE_ENTRIES[1]!.arguments),
    ])
    expect(entries(turn)).toEqual([[{ name: 'mcp__files__read', arguments: { path: 'notes/incident.md', limit: 5 } }]])
  })

  it('answers once nothing is left to correct, even if a fixed call fails again', async () => {
    expect((await next([assistant('a'), assistant('b'), result('ok', 'mcp__files__read', {})])).toolCalls).toEqual([])
    expect(
      (
        await next([
          assistant('a'),
          assistant('b'),
          assistant('c'),
          result('tool_error', 'mcp__files__read', COMPARE_ENTRIES[1]!.fixed),
        ])
      ).toolCalls,
    ).toEqual([])
  })
})
