import { execFile } from 'node:child_process'
import { lstatSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { GitInvocation } from './git-invocation.js'

const run = promisify(execFile)

// What `git init` writes on any platform, plus what the demo workspace sets.
// Every other key is refused rather than judged: the keys that start
// programs are many (`filter.<driver>.clean`, `diff.<driver>.textconv`,
// `include.path` to a file holding either ...) and new ones come with new git
// versions, while a repository the model works in needs none of them.
const ALLOWED_KEYS = new Set([
  'core.repositoryformatversion',
  'core.filemode',
  'core.bare',
  'core.logallrefupdates',
  'core.ignorecase',
  'core.precomposeunicode',
  'core.symlinks',
  'user.name',
  'user.email',
  'commit.gpgsign',
])

/**
 * Why git must not run in this repository, or `undefined` when it may: the
 * repository's `.git` must be a real folder (not a link, not a `gitdir:` file
 * pointing elsewhere) and its own configuration may hold only the keys `git
 * init` writes and the workspace's author settings.
 *
 * Reading the configuration runs no program: `--no-includes` lists an
 * `include.path` as a key instead of following it, and the key is refused.
 */
export async function repositoryConfigProblem(invocation: GitInvocation): Promise<string | undefined> {
  const gitDir = invocation.env.GIT_DIR ?? join(invocation.cwd, '.git')
  try {
    if (!lstatSync(gitDir).isDirectory()) return "the repository's .git is not a folder"
  } catch {
    return 'not a git repository'
  }
  let keys: string
  try {
    const result = await run(
      invocation.command,
      [...invocation.globalArgs, 'config', '--local', '--no-includes', '--name-only', '--list'],
      {
        cwd: invocation.cwd,
        env: { ...invocation.env },
        maxBuffer: 1024 * 1024,
      },
    )
    keys = result.stdout
  } catch {
    return "the repository's configuration cannot be read"
  }
  const refused = keys.split('\n').find((key) => key !== '' && !ALLOWED_KEYS.has(key.toLowerCase()))
  return refused === undefined
    ? undefined
    : `the repository's configuration sets ${refused.slice(0, 200)}, which this server does not run git with`
}
