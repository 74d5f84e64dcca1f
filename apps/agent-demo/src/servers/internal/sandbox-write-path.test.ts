import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxWritePath } from './sandbox-write-path.js'

let dir: string
let root: string

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'agent-demo-sandbox-write-')))
  root = join(dir, 'sandbox')
  mkdirSync(join(root, 'notes'), { recursive: true })
  writeFileSync(join(root, 'notes', 'a.md'), 'a')
  writeFileSync(join(dir, 'secret.txt'), 'secret')
  symlinkSync('../outside.txt', join(root, 'dangling'))
  symlinkSync('../missing/deeper', join(root, 'dangling-folder'))
  symlinkSync(join(dir, 'secret.txt'), join(root, 'link-out'))
  symlinkSync(join(root, 'notes', 'a.md'), join(root, 'link-in'))
  symlinkSync('notes', join(root, 'link-dir'))
  symlinkSync(dir, join(root, 'folder-out'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('sandboxWritePath', () => {
  it('allows a new file in an existing folder of the sandbox', () => {
    expect(sandboxWritePath(root, 'notes/new.md', false)).toMatchObject({ ok: true, relative: 'notes/new.md' })
  })

  it.each(['../outside.md', '/tmp/x.md', '.', 'notes/../..'])(
    'refuses to write %s, which escapes the sandbox',
    (requested) => {
      expect(sandboxWritePath(root, requested, true)).toEqual({
        ok: false,
        reason: `path escapes the sandbox: ${requested}`,
      })
    },
  )

  it('refuses a path whose folder is a file', () => {
    expect(sandboxWritePath(root, 'notes/a.md/x', true)).toEqual({ ok: false, reason: 'not a folder: notes/a.md' })
  })

  it('refuses to replace a folder', () => {
    expect(sandboxWritePath(root, 'notes', true)).toEqual({ ok: false, reason: 'not a file: notes' })
  })

  it('creates missing folders only when asked', () => {
    expect(sandboxWritePath(root, 'deep/er/x.md', false)).toEqual({ ok: false, reason: 'no such folder: deep/er' })
    expect(sandboxWritePath(root, 'deep/er/x.md', true)).toMatchObject({ ok: true, relative: 'deep/er/x.md' })
  })
})

describe('sandboxWritePath and git control names', () => {
  it.each([
    '.git/config',
    '.GIT/HEAD',
    'notes/../.git/config',
    '.git./config',
    '.git\\config',
    '.gitattributes',
    'notes/.gitmodules',
    join('DIR', '.git', 'config'),
  ])('refuses %s before creating any folder', (requested) => {
    const path = requested.replace('DIR', root)
    expect(sandboxWritePath(root, path, true)).toEqual({
      ok: false,
      reason: `refused: .git* names configure the programs git runs and are never written: ${path}`,
    })
  })

  it('creates no folder on the way to a refused name', () => {
    sandboxWritePath(root, 'fresh/.git/config', true)
    expect(existsSync(join(root, 'fresh'))).toBe(false)
  })
})

describe('sandboxWritePath and symbolic links', () => {
  it.each([
    ['dangling', 'dangling'],
    ['dangling-folder/x.md', 'dangling-folder'],
    ['link-out', 'link-out'],
    ['link-in', 'link-in'],
    ['link-dir/x.md', 'link-dir'],
    ['link-dir/a.md', 'link-dir'],
    ['folder-out/secret.txt', 'folder-out'],
    ['folder-out/new/x.md', 'folder-out'],
    ['notes/../dangling', 'dangling'],
    ['./link-dir/./x.md', 'link-dir'],
  ])('refuses to write %s, through the link %s, with or without creating folders', (requested, link) => {
    for (const createFolders of [false, true]) {
      expect(sandboxWritePath(root, requested, createFolders)).toEqual({
        ok: false,
        reason: `refused: ${link} is a symbolic link: ${requested}`,
      })
    }
  })

  it('creates nothing where a dangling link points', () => {
    sandboxWritePath(root, 'dangling', true)
    sandboxWritePath(root, 'dangling-folder/x.md', true)
    expect([existsSync(join(dir, 'outside.txt')), existsSync(join(dir, 'missing'))]).toEqual([false, false])
  })

  it('leaves every link as it was', () => {
    expect(
      ['dangling', 'link-out', 'link-in', 'link-dir', 'folder-out'].map((link) =>
        lstatSync(join(root, link)).isSymbolicLink(),
      ),
    ).toEqual([true, true, true, true, true])
    expect(readFileSync(join(dir, 'secret.txt'), 'utf8')).toBe('secret')
  })

  it('accepts a sandbox root that is itself reached through a link', () => {
    symlinkSync(root, join(dir, 'root-link'))
    expect(sandboxWritePath(join(dir, 'root-link'), 'notes/new.md', false)).toEqual({
      ok: true,
      absolute: join(root, 'notes/new.md'),
      relative: 'notes/new.md',
    })
  })
})
