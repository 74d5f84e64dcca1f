import { execFileSync, spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { prepareDemoWorkspace } from '../../workspace/demo-workspace.js'
import { gitInvocation } from './git-invocation.js'

// The second layer alone: git run with `gitInvocation`'s options in a
// repository whose configuration names programs (no allow-list check in
// front), so each neutralised key is shown to hold on its own.
let dir: string
let repo: string
let originalConfig: string
const marker = (name: string): string => join(dir, `PWNED-${name}`)

const runGit = (args: readonly string[]): void => {
  const invocation = gitInvocation(repo)
  spawnSync(invocation.command, [...invocation.globalArgs, ...args], {
    cwd: invocation.cwd,
    env: { ...invocation.env },
    stdio: 'ignore',
  })
}
const RUNS: ReadonlyArray<readonly string[]> = [
  ['status', '--porcelain=v1', '--branch', '--ignore-submodules=all'],
  ['diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all'],
  ['diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', 'HEAD~1'],
  ['log', '--no-ext-diff', '--no-textconv', '--no-show-signature', '-p', '--max-count=2'],
]

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'agent-demo-git-invocation-')))
  repo = prepareDemoWorkspace(dir).repo
  originalConfig = readFileSync(join(repo, '.git/config'), 'utf8')
})
afterEach(() => {
  writeFileSync(join(repo, '.git/config'), originalConfig)
  rmSync(join(repo, '.gitattributes'), { force: true })
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('gitInvocation', () => {
  it.each([
    ['fsmonitor', `[core]\n\tfsmonitor = "touch ${join('DIR', 'PWNED-fsmonitor')}; false"\n`, undefined],
    ['diff.external', `[diff]\n\texternal = "touch ${join('DIR', 'PWNED-diff.external')}; true"\n`, undefined],
    ['textconv', `[diff "pwn"]\n\ttextconv = "touch ${join('DIR', 'PWNED-textconv')}; cat"\n`, '* diff=pwn\n'],
    [
      'pager',
      `[core]\n\tpager = "touch ${join('DIR', 'PWNED-pager')}; cat"\n[pager]\n\tlog = "touch ${join('DIR', 'PWNED-pager')}; cat"\n`,
      undefined,
    ],
    ['hooksPath', '[core]\n\thooksPath = DIR/hooks\n', undefined],
  ])('runs git with %s turned off, even when the repository sets it', (name, config, attributes) => {
    const hooks = join(dir, 'hooks')
    mkdirSync(hooks, { recursive: true })
    writeFileSync(join(hooks, 'post-index-change'), `#!/bin/sh\ntouch ${marker(name)}\n`)
    chmodSync(join(hooks, 'post-index-change'), 0o755)
    writeFileSync(join(repo, '.git/config'), originalConfig + config.replaceAll('DIR', dir))
    if (attributes !== undefined) writeFileSync(join(repo, '.gitattributes'), attributes)
    for (const args of RUNS) runGit(args)
    expect(existsSync(marker(name))).toBe(false)
  })

  it('the same repository does run the fsmonitor program without these options', () => {
    // Proves the attack above is real on this git, so its absence is the options' doing.
    writeFileSync(
      join(repo, '.git/config'),
      `${originalConfig}[core]\n\tfsmonitor = "touch ${marker('plain')}; false"\n`,
    )
    spawnSync('git', ['status', '--porcelain'], { cwd: repo, stdio: 'ignore' })
    expect(existsSync(marker('plain'))).toBe(true)
  })

  it('builds the environment from nothing, inheriting no variable', () => {
    const { env } = gitInvocation(repo)
    expect(Object.keys(env).sort()).toEqual(
      [
        'GIT_ATTR_NOSYSTEM',
        'GIT_CONFIG_GLOBAL',
        'GIT_CONFIG_NOSYSTEM',
        'GIT_DIR',
        'GIT_LITERAL_PATHSPECS',
        'GIT_NO_REPLACE_OBJECTS',
        'GIT_OPTIONAL_LOCKS',
        'GIT_PAGER',
        'GIT_TERMINAL_PROMPT',
        'GIT_WORK_TREE',
        'LC_ALL',
        'PAGER',
        'PATH',
      ].sort(),
    )
    expect(env).toMatchObject({
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_DIR: join(repo, '.git'),
      GIT_WORK_TREE: repo,
    })
  })

  it('never finds git, nor puts a folder on PATH, inside the repository or by a relative path', () => {
    const planted = join(repo, 'bin')
    mkdirSync(planted, { recursive: true })
    writeFileSync(join(planted, 'git'), `#!/bin/sh\ntouch ${marker('path')}\n`)
    chmodSync(join(planted, 'git'), 0o755)
    const invocation = gitInvocation(repo, [planted, 'bin', '.', '/usr/bin'].join(':'))
    expect(invocation.command.startsWith(repo)).toBe(false)
    expect(invocation.env.PATH!.split(':').every((folder) => folder.startsWith('/') && !folder.startsWith(repo))).toBe(
      true,
    )
    execFileSync(invocation.command, [...invocation.globalArgs, 'status'], {
      cwd: invocation.cwd,
      env: { ...invocation.env },
      stdio: 'ignore',
    })
    expect(existsSync(marker('path'))).toBe(false)
    rmSync(planted, { recursive: true })
  })
})
