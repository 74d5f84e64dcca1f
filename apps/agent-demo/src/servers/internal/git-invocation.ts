import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'

/** How to run git on one repository with every repository-configured program off. */
export interface GitInvocation {
  /** Absolute path of the git executable, found once, never inside the repository. */
  readonly command: string
  /** Global options that go before the subcommand. */
  readonly globalArgs: readonly string[]
  /** The whole environment of the child: nothing is inherited. */
  readonly env: Readonly<Record<string, string>>
  readonly cwd: string
}

// Each `-c` names a configuration key that makes git start a program (or
// reach one through a transport) during log, status or diff, and turns it
// off for this call; command-line values win over the repository's file.
const NEUTRAL_CONFIG: ReadonlyArray<readonly [string, string]> = [
  ['core.fsmonitor', 'false'], // a hook command run by every index refresh
  ['core.hooksPath', '/dev/null'], // post-index-change and every other hook
  ['core.pager', 'cat'], // belt to --no-pager's braces
  ['diff.external', ''], // empty fails closed: git refuses to run "" rather than a diff tool
  ['core.attributesFile', '/dev/null'], // the per-user attributes file can name drivers too
  ['log.showSignature', 'false'], // would run gpg.program / gpg.ssh.program
  ['credential.helper', ''], // an empty value clears the helper list
  ['core.askPass', ''],
  ['protocol.allow', 'never'], // no transport, so no core.sshCommand, no remote helper
  ['submodule.recurse', 'false'],
  ['diff.ignoreSubmodules', 'all'], // a submodule is another repository with its own config
  ['status.submoduleSummary', 'false'],
  ['core.untrackedCache', 'false'],
  ['core.splitIndex', 'false'],
]

/**
 * The hardened way to run git in `repo`.
 *
 * The environment is built from nothing: system and global configuration
 * off (`GIT_CONFIG_NOSYSTEM`, `GIT_CONFIG_GLOBAL=/dev/null`), no prompt, no
 * optional lock, literal pathspecs (a model's path is a path, not `:(attr)`
 * magic), the repository and work tree named explicitly (no discovery of a
 * parent repository, no `core.worktree` elsewhere), and a `PATH` of absolute
 * folders outside the repository, so no helper the repository provides can be
 * found by name. The global options set every program-running key this
 * git's log, status and diff could reach to a harmless value; the
 * subcommands add `--no-ext-diff --no-textconv` and `--ignore-submodules`.
 * Drivers named by attributes (filters, diff drivers) need a command in the
 * configuration, which `repositoryConfigProblem` refuses.
 */
export function gitInvocation(repo: string, searchPath: string = process.env.PATH ?? ''): GitInvocation {
  const root = resolve(repo)
  const folders = [...new Set(searchPath.split(delimiter).concat(['/usr/bin', '/bin']))].filter(
    (folder) => isAbsolute(folder) && !isWithin(root, folder),
  )
  const command = folders.map((folder) => join(folder, 'git')).find(isExecutableFile) ?? '/usr/bin/git'
  const path = [...new Set([dirname(command), '/usr/bin', '/bin'])].join(delimiter)
  return {
    command,
    globalArgs: [
      ...NEUTRAL_CONFIG.flatMap(([key, value]) => ['-c', `${key}=${value}`]),
      '-c',
      'core.quotepath=off',
      '--no-pager',
      '--no-replace-objects',
      '--literal-pathspecs',
    ],
    env: {
      PATH: path,
      LC_ALL: 'C',
      GIT_DIR: join(root, '.git'),
      GIT_WORK_TREE: root,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_ATTR_NOSYSTEM: '1',
      GIT_TERMINAL_PROMPT: '0',
      GIT_OPTIONAL_LOCKS: '0',
      GIT_PAGER: 'cat',
      PAGER: 'cat',
      GIT_LITERAL_PATHSPECS: '1',
      GIT_NO_REPLACE_OBJECTS: '1',
    },
    cwd: root,
  }
}

function isWithin(root: string, folder: string): boolean {
  const inside = relative(root, resolve(folder))
  return inside === '' || (inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside))
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}
