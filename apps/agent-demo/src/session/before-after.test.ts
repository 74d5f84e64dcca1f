import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { beforeAfterRows } from './before-after.js'

describe('beforeAfterRows', () => {
  it('lines up each argument as the model sent it with what the tool received, restored names shown as a rename', () => {
    const rows = beforeAfterRows([
      {
        role: 'tool',
        toolCallId: 'call_1',
        tool: 'mcp__tickets__create',
        content: '',
        status: 'ok',
        argsSent: { priority: '5', reporter: { first_name: 'Ada' } },
        argsReceived: { priority: 5, reporter: { 'first name': 'Ada' } },
      },
    ])
    expect(rows.map((row) => [row.argument, row.sent, row.received, row.changed, row.fix])).toEqual([
      ['priority', '"5"', '5', true, 'coerced'],
      ['reporter.first_name → reporter.first name', '"Ada"', '"Ada"', true, 'renamed'],
    ])
  })

  it('shows an entry that never reached normalization with no received value', () => {
    const rows = beforeAfterRows([
      { role: 'tool', toolCallId: 'c', tool: 'x', content: '', status: 'out_of_scope', argsSent: { a: 1 } },
    ])
    expect(rows.map((row) => [row.argument, row.sent, row.received, row.fix])).toEqual([['(all)', '{"a":1}', '—', '']])
  })

  it.each([
    [{ a: '1' }, { a: 1 }, 'coerced'],
    [{ a_b: '1' }, { 'a b': 1 }, 'renamed, coerced'],
    [{ a: 1 }, { a: 1 }, ''],
    [{ a: 1 }, 2, 'changed'],
  ])('names what changed in %j → %j as %j', (argsSent, argsReceived, fix) => {
    const rows = beforeAfterRows([
      {
        role: 'tool',
        toolCallId: 'c',
        tool: 'x',
        content: '',
        status: 'ok',
        argsSent,
        argsReceived: argsReceived as never,
      },
    ])
    expect(rows.map((row) => row.fix)).toEqual([fix])
  })

  it('pairs keys by name when the two sides do not line up: a null strict mode dropped', () => {
    const rows = beforeAfterRows(
      deepFreeze([
        {
          role: 'tool' as const,
          toolCallId: 'c',
          tool: 'x',
          content: '',
          status: 'ok' as const,
          argsSent: { title: 'T', reporter: 'null', due_date: '2026-10-15', assignee: { first_name: 'Ada' } },
          argsReceived: { title: 'T', 'due date': '2026-10-15', assignee: { 'first name': 'Ada' } },
        },
      ]),
    )
    expect(rows.map((row) => [row.argument, row.fix])).toEqual([
      ['title', ''],
      ['reporter', 'removed'],
      ['due_date → due date', 'renamed'],
      ['assignee.first_name → assignee.first name', 'renamed'],
    ])
  })

  it('shows a key only the tool received (a hook added it) as added', () => {
    const rows = beforeAfterRows([
      {
        role: 'tool',
        toolCallId: 'c',
        tool: 'x',
        content: '',
        status: 'ok',
        argsSent: { a: 1 },
        argsReceived: { a: 1, b: 2 },
      },
    ])
    expect(rows.map((row) => [row.argument, row.sent, row.received, row.fix])).toEqual([
      ['a', '1', '1', ''],
      ['b', '—', '2', 'added'],
    ])
  })
})
