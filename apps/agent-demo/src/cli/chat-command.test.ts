import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { chatCommand } from './commands.js'
import { parseCliOptions } from './options.js'

const chat = async (typed: readonly string[]): Promise<string> => {
  const input = new PassThrough()
  let output = ''
  const done = chatCommand(
    parseCliOptions(['chat', '--store', 'memory'], {}, false),
    { write: (text) => void (output += text), onInterrupt: () => () => {} },
    'read-and-ticket',
    input,
  )
  input.end(typed.map((line) => `${line}\n`).join(''))
  await done
  return output
}

describe('agent-demo chat', () => {
  it('shows a prompt and says which request its recorded model sends', async () => {
    const output = await chat(['/quit'])
    expect(output).toContain(
      'its model replays a recording, so it sends one request: "Read notes/todo.md and notes/bugs.md, then open a ticket for the export bug."',
    )
    expect(output.endsWith('> ')).toBe(true)
  })

  it('does not run the script for typed text it cannot read, and says so', async () => {
    const output = await chat(['summarize the repository', '/quit'])
    expect(output).toContain('this model cannot read "summarize the repository": it replays a recording.')
    expect(output).not.toContain('session session-read-and-ticket')
  })

  it('/stop in the middle of a batch: running entries end cancelled, the rest skipped, every call paired', async () => {
    const input = new PassThrough()
    let output = ''
    let notify = (): void => {}
    const write = (text: string): void => {
      output += text
      notify()
    }
    const seen = (text: string, times = 1): Promise<void> =>
      new Promise((resolve) => {
        notify = () => {
          if (output.split(text).length > times) resolve()
        }
        notify()
      })
    // Latency far longer than the test: the reads are still running when /stop arrives.
    const options = parseCliOptions(['chat', '--store', 'memory', '--latency', '600000'], {}, false)
    const done = chatCommand(options, { write, onInterrupt: () => () => {} }, 'read-and-ticket', input)
    input.write('\n')
    // Both reads are parallel-safe: wait until both are running.
    await seen('▶ mcp__files__read', 2)
    input.write('/stop\n')
    await seen('stopped: stopped by the user')
    input.end('/quit\n')
    expect(await done).toBe(0)
    expect(output).toMatch(/⊘ cancelled\s+\[1\/3\]/)
    expect(output).toMatch(/⊘ cancelled\s+\[2\/3\]/)
    expect(output).toMatch(/… skipped\s+\[3\/3\]/)
    expect(output).not.toContain('▶ mcp__tickets__create')
  })
})
