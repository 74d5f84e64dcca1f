// The CLI as a real process: Ctrl-C (SIGINT) in the middle of a batch.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const appDir = fileURLToPath(new URL('..', import.meta.url))

describe('agent-demo as a process', () => {
  it('SIGINT mid-batch stops cleanly: running entries cancelled, the rest skipped, exit code 130', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'run', '--store', 'memory', '--latency', '600000', '--no-color'],
      {
        cwd: appDir,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    let interrupted = false
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      output += chunk
      // Both parallel-safe reads are running: interrupt now.
      if (!interrupted && output.split('▶ mcp__files__read').length === 3) interrupted = child.kill('SIGINT')
    })
    let errors = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => void (errors += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect({ code, errors }).toMatchObject({ code: 130 })
    expect(output).toMatch(/⊘ cancelled\s+\[1\/3\]/)
    expect(output).toMatch(/⊘ cancelled\s+\[2\/3\]/)
    expect(output).toMatch(/… skipped\s+\[3\/3\]/)
    expect(output).toContain('stopped: stopped by the user')
  }, 20_000)
})
