import { realpathSync } from 'node:fs'
import { isAbsolute, relative, resolve, sep } from 'node:path'

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
