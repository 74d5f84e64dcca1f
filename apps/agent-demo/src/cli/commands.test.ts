import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCommand } from './commands.js'
import { parseCliOptions } from './options.js'

describe('agent-demo demo', () => {
  it('runs the scenario offline and prints the before/after table and the session id', async () => {
    let output = ''
    const code = await runCommand(
      parseCliOptions(['demo', '--store', 'memory'], {}, false),
      { write: (text) => void (output += text), onInterrupt: () => () => {} },
      'read-and-ticket',
    )
    expect(code).toBe(0)
    expect(output).toContain('[1 call(s) from the model → split into 3]')
    expect(output).toMatch(/priority\s+"5"\s+5/)
    expect(output).toMatch(/reporter\.first_name → reporter\.first name\s+"Ada"\s+"Ada"/)
    expect(output).toContain('session session-read-and-ticket-0001 saved in memory')
  })

  it.each(['memory', 'sqlite'])('lists the ticket the model says it opened, with the %s store', async (store) => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-demo-tickets-'))
    try {
      let output = ''
      await runCommand(
        parseCliOptions(['run', '--store', store, '--dir', dir], {}, false),
        { write: (text) => void (output += text), onInterrupt: () => () => {} },
        'read-and-ticket',
      )
      expect(output).toContain('I opened ticket #1 for it')
      expect(output).toContain('tickets in memory (not kept):\n  #1 [open] CSV export times out above 5,000 rows')
      expect(output).not.toContain(': none')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('prints one JSON event per line with --json', async () => {
    let output = ''
    await runCommand(
      parseCliOptions(['demo', '--store', 'memory', '--json'], {}, false),
      { write: (text) => void (output += text), onInterrupt: () => () => {} },
      'read-and-ticket',
    )
    const events = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string })
    expect(events[0]!.type).toBe('session')
    // The loop's events end with `done`; the answers to the raw calls follow.
    expect(
      events
        .map((event) => event.type)
        .filter((type) => type !== 'raw_call')
        .at(-1),
    ).toBe('done')
    expect(events.filter((event) => event.type === 'raw_call').length).toBeGreaterThan(0)
  })
})
