import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxPath } from './sandbox-path.js'

let dir: string
let root: string

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'agent-demo-sandbox-')))
  root = join(dir, 'sandbox')
  mkdirSync(join(root, 'notes'), { recursive: true })
  writeFileSync(join(root, 'notes', 'a.md'), 'a')
  writeFileSync(join(dir, 'secret.txt'), 'secret')
  symlinkSync(join(dir, 'secret.txt'), join(root, 'link-out'))
  symlinkSync(dir, join(root, 'folder-out'))
  symlinkSync(join(root, 'notes', 'a.md'), join(root, 'link-in'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('sandboxPath', () => {
  it.each([
    ['notes/a.md', 'notes/a.md'],
    ['./notes/../notes/a.md', 'notes/a.md'],
    ['.', '.'],
    ['link-in', 'notes/a.md'],
  ])('resolves %s inside the sandbox to %s', (requested, relative) => {
    expect(sandboxPath(root, requested)).toMatchObject({ ok: true, relative })
  })

  it.each(['../secret.txt', 'notes/../../secret.txt', 'link-out', 'folder-out/secret.txt', '/etc/passwd'])(
    'refuses %s, which escapes the sandbox',
    (requested) => {
      expect(sandboxPath(root, requested)).toEqual({ ok: false, reason: `path escapes the sandbox: ${requested}` })
    },
  )

  it('reports a missing path inside the sandbox as missing, not as an escape', () => {
    expect(sandboxPath(root, 'nope.md')).toEqual({ ok: false, reason: 'no such file or directory: nope.md' })
  })

  it('refuses a NUL byte', () => {
    expect(sandboxPath(root, 'a\0b')).toMatchObject({ ok: false })
  })
})
