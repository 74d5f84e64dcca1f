import { lstatSync, mkdirSync, realpathSync, type Stats } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { gitControlComponent } from '../../shared/git-control-component.js'
import type { SandboxPath } from './sandbox-path.js'

/**
 * Where a file may be written: a path inside the sandbox `root` whose every
 * component below the root is a real folder (or, for the last one, a regular
 * file or nothing yet), never a symbolic link.
 *
 * Links are refused rather than followed, wherever they point: a dangling
 * link's target does not exist, so no "is it inside?" check on the resolved
 * path can see where the write would land, and a link inside today may point
 * out tomorrow. The caller opens the file with `O_NOFOLLOW` as well. With
 * `createFolders`, missing folders are created one at a time, only after the
 * whole path was checked. No component may be a `.git*` name
 * (`gitControlComponent`): the sandbox is also a repository, and those names
 * configure the programs git runs.
 */
export function sandboxWritePath(root: string, requested: string, createFolders: boolean): SandboxPath {
  const realRoot = realpathSync(root)
  if (requested.includes('\0')) return { ok: false, reason: 'path contains a NUL byte' }
  const inside = relative(realRoot, resolve(realRoot, requested))
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    return { ok: false, reason: `path escapes the sandbox: ${requested}` }
  }
  // Checked on the path as written and as resolved, before any folder is
  // created: `a/../.git/config` and `.GIT./config` are refused alike.
  if (
    (!isAbsolute(requested) && gitControlComponent(requested) !== undefined) ||
    gitControlComponent(inside) !== undefined
  ) {
    return {
      ok: false,
      reason: `refused: .git* names configure the programs git runs and are never written: ${requested}`,
    }
  }
  // The resolved path is lexical (`link/..` is dropped, not followed); as no
  // component of it may be a link, the kernel then walks exactly this path.
  const parts = inside.split(sep)
  let missingFrom = parts.length - 1
  for (let index = 0; index < parts.length; index++) {
    const current = join(realRoot, ...parts.slice(0, index + 1))
    const stats = lstatOrUndefined(current)
    if (stats === undefined) {
      missingFrom = index
      break
    }
    if (stats.isSymbolicLink())
      return { ok: false, reason: `refused: ${parts.slice(0, index + 1).join('/')} is a symbolic link: ${requested}` }
    const last = index === parts.length - 1
    if (!last && !stats.isDirectory())
      return { ok: false, reason: `not a folder: ${parts.slice(0, index + 1).join('/')}` }
    if (last && !stats.isFile()) return { ok: false, reason: `not a file: ${requested}` }
  }
  if (missingFrom < parts.length - 1) {
    if (!createFolders) return { ok: false, reason: `no such folder: ${parts.slice(0, -1).join('/')}` }
    for (let index = missingFrom; index < parts.length - 1; index++) {
      mkdirSync(join(realRoot, ...parts.slice(0, index + 1)))
    }
  }
  return { ok: true, absolute: join(realRoot, inside), relative: parts.join('/') }
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}
