import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxPath, sandboxWritePath } from './sandbox-path.js'

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

describe('sandboxWritePath', () => {
  it('allows a new file in an existing folder of the sandbox', () => {
    expect(sandboxWritePath(root, 'notes/new.md', false)).toMatchObject({ ok: true, relative: 'notes/new.md' })
  })

  it.each(['../outside.md', 'folder-out/x.md', 'link-out', '/tmp/x.md', '.'])('refuses to write %s', (requested) => {
    expect(sandboxWritePath(root, requested, true)).toMatchObject({ ok: false })
  })

  it('creates missing folders only when asked', () => {
    expect(sandboxWritePath(root, 'deep/er/x.md', false)).toEqual({ ok: false, reason: 'no such folder: deep/er' })
    expect(sandboxWritePath(root, 'deep/er/x.md', true)).toMatchObject({ ok: true, relative: 'deep/er/x.md' })
  })
})

describe('sandboxWritePath and git control names', () => {
  it.each(['.git/config', '.GIT/HEAD', 'notes/../.git/config', '.git./config', '.git\\config', '.gitattributes', 'notes/.gitmodules', join('DIR', '.git', 'config')])(
    'refuses %s before creating any folder',
    (requested) => {
      const path = requested.replace('DIR', root)
      expect(sandboxWritePath(root, path, true)).toEqual({
        ok: false,
        reason: `refused: .git* names configure the programs git runs and are never written: ${path}`,
      })
    },
  )

  it('creates no folder on the way to a refused name', () => {
    sandboxWritePath(root, 'fresh/.git/config', true)
    expect(existsSync(join(root, 'fresh'))).toBe(false)
  })
})
