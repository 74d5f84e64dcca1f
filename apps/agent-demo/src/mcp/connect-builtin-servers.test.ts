import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectBuiltinServers } from './connect-builtin-servers.js'
import { prepareDemoWorkspace, type DemoWorkspace } from '../workspace/demo-workspace.js'
import { isAlive as alive } from '../testing/is-alive.js'

let dir: string
let workspace: DemoWorkspace

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-demo-connect-'))
  workspace = prepareDemoWorkspace(dir)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('connectBuiltinServers', () => {
  it('leaves no child running when one server fails to start', async () => {
    // The tickets server cannot open a database in a folder that does not exist.
    const attempt = connectBuiltinServers({ ...workspace, ticketsDb: join(dir, 'missing', 'folder', 'tickets.db') })
    await expect(attempt).rejects.toThrow()
    // The providers are not reachable after a failure: check no node child of ours remains.
    const { execFileSync } = await import('node:child_process')
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0 && alive(pid))
    // `ps` itself has exited by now; any pid left would be a leaked server.
    expect(children).toEqual([])
  }, 15_000)
})
