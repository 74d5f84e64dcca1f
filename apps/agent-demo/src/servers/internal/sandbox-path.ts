import { existsSync, mkdirSync, realpathSync, statSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { gitControlComponent } from '../../sandbox/git-control-component.js'

/** Where a requested path landed: inside the sandbox, or why not. */
export type SandboxPath = { ok: true; absolute: string; relative: string } | { ok: false; reason: string }

/**
 * Resolve `requested` against the sandbox `root` and refuse anything that
 * ends up outside it.
 *
 * The check runs on real paths (symlinks resolved), so neither `../` nor a
 * link pointing out of the sandbox escapes; a path that does not exist is
 * reported as such rather than guessed at.
 */
export function sandboxPath(root: string, requested: string): SandboxPath {
  const realRoot = realpathSync(root)
  if (requested.includes('\0')) return { ok: false, reason: 'path contains a NUL byte' }
  const candidate = isAbsolute(requested) ? requested : resolve(realRoot, requested)
  let real: string
  try {
    real = realpathSync(candidate)
  } catch {
    return inside(realRoot, resolve(candidate))
      ? { ok: false, reason: `no such file or directory: ${requested}` }
      : { ok: false, reason: `path escapes the sandbox: ${requested}` }
  }
  if (!inside(realRoot, real)) return { ok: false, reason: `path escapes the sandbox: ${requested}` }
  return { ok: true, absolute: real, relative: relative(realRoot, real) || '.' }
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep)
}

function gitControlRefusal(requested: string): SandboxPath {
  return { ok: false, reason: `refused: .git* names configure the programs git runs and are never written: ${requested}` }
}

/**
 * Where a file may be written: its folder must resolve (symlinks followed)
 * inside the sandbox, and so must the file itself when it exists already (a
 * link inside pointing out is refused). With `createFolders`, missing folders
 * are created only under an existing ancestor that is itself inside. No
 * component may be a `.git*` name (`gitControlComponent`): the sandbox is
 * also a repository, and those names configure the programs git runs.
 */
export function sandboxWritePath(root: string, requested: string, createFolders: boolean): SandboxPath {
  const realRoot = realpathSync(root)
  if (requested.includes('\0')) return { ok: false, reason: 'path contains a NUL byte' }
  const candidate = resolve(realRoot, requested)
  const name = basename(candidate)
  if (!inside(realRoot, candidate) || candidate === realRoot) return { ok: false, reason: `path escapes the sandbox: ${requested}` }
  // Checked on the path as written and as resolved, before any folder is
  // created: `a/../.git/config` and `.GIT./config` are refused alike.
  if ((!isAbsolute(requested) && gitControlComponent(requested) !== undefined) || gitControlComponent(relative(realRoot, candidate)) !== undefined) {
    return gitControlRefusal(requested)
  }
  let ancestor = dirname(candidate)
  while (!existsSync(ancestor)) ancestor = dirname(ancestor)
  const ancestorCheck = sandboxPath(realRoot, ancestor)
  if (!ancestorCheck.ok) return { ok: false, reason: `path escapes the sandbox: ${requested}` }
  if (ancestor !== dirname(candidate)) {
    if (!createFolders) return { ok: false, reason: `no such folder: ${relative(realRoot, dirname(candidate))}` }
    mkdirSync(join(ancestorCheck.absolute, relative(ancestor, dirname(candidate))), { recursive: true })
  }
  const folder = sandboxPath(realRoot, dirname(candidate))
  if (!folder.ok) return { ok: false, reason: `path escapes the sandbox: ${requested}` }
  const target = join(folder.absolute, name)
  // A link inside the sandbox may still lead into `.git`.
  if (gitControlComponent(relative(realRoot, target)) !== undefined) return gitControlRefusal(requested)
  if (existsSync(target)) {
    const existing = sandboxPath(realRoot, target)
    if (!existing.ok) return { ok: false, reason: `path escapes the sandbox: ${requested}` }
    if (!statSync(existing.absolute).isFile()) return { ok: false, reason: `not a file: ${requested}` }
  }
  return { ok: true, absolute: target, relative: relative(realRoot, target) }
}
