import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { relativeToSandbox } from './relative-to-sandbox.js'

let dir: string
let root: string
let linked: string

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'agent-demo-relative-')))
  root = join(dir, 'sandbox')
  mkdirSync(root)
  linked = join(dir, 'link-to-sandbox')
  symlinkSync(root, linked)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('relativeToSandbox', () => {
  it.each([
    ["fatal: ../x: '../x' is outside repository at 'ROOT'", "fatal: ../x: '../x' is outside repository at '.'"],
    ["ENAMETOOLONG: name too long, open 'ROOT/notes/a.md'", "ENAMETOOLONG: name too long, open 'notes/a.md'"],
    ['cannot open DIR/tickets.db: busy', 'cannot open ../tickets.db: busy'],
    ["fatal: not a git repository: 'ROOT/.git'", "fatal: not a git repository: '.git'"],
    ['ROOT', '.'],
    ['DIR', '..'],
    ['ROOT/a ROOT/b', 'a b'],
    ['DIRx/other', '<workspace>x/other'],
    ['/etc/passwd stays', '/etc/passwd stays'],
  ])('rewrites %j as %j', (text, expected) => {
    expect(relativeToSandbox(text.replaceAll('ROOT', root).replaceAll('DIR', dir), root)).toBe(expected)
  })

  it('recognises the sandbox through the path it was configured with and its real path', () => {
    expect(relativeToSandbox(`at '${linked}/a' and '${root}/b'`, linked)).toBe("at 'a' and 'b'")
  })

  it('leaves no workspace path in any text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom(root, dir, `${root}/`, `${dir}/`, `'${root}'`))),
        (parts) => {
          return !relativeToSandbox(parts.join(''), root).includes(dir)
        },
      ),
    )
  })
})
