import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { gitControlComponent } from './git-control-component.js'

describe('gitControlComponent', () => {
  it.each([
    ['.git/config', '.git'],
    ['.GIT/config', '.GIT'],
    ['./.git/config', '.git'],
    ['a/../.git/config', '.git'],
    ['/work/sandbox/.git/hooks/post-index-change', '.git'],
    ['.git./config', '.git.'],
    ['.git /config', '.git '],
    ['.git. . /config', '.git. . '],
    ['.git\\config', '.git'],
    ['notes\\..\\.Git\\config', '.Git'],
    ['.g\u200cit/config', '.g\u200cit'],
    ['\ufeff.git/config', '\ufeff.git'],
    ['\uff0egit/config', '\uff0egit'],
    ['.\uff27\uff29\uff34/config', '.\uff27\uff29\uff34'],
    ['.git::$INDEX_ALLOCATION/config', '.git::$INDEX_ALLOCATION'],
    ['GIT~1/config', 'GIT~1'],
    ['gi7eba~1', 'gi7eba~1'],
    ['.git', '.git'],
    ['.gitattributes', '.gitattributes'],
    ['src/.gitattributes', '.gitattributes'],
    ['.gitmodules', '.gitmodules'],
    ['notes/.gitignore', '.gitignore'],
    ['.GitAttributes ', '.GitAttributes '],
  ])('finds the git control name in %j', (path, component) => {
    expect(gitControlComponent(path)).toBe(component)
  })

  it.each(['notes/summary.md', 'git/config', 'notes/github.md', 'a.git', '..', '.', 'my.gitx', 'digit~1', ''])(
    'finds none in %j',
    (path) => {
      expect(gitControlComponent(path)).toBeUndefined()
    },
  )

  it('never throws, whatever the path', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (path) => {
        const found = gitControlComponent(path)
        return found === undefined || path.includes(found)
      }),
    )
  })
})
