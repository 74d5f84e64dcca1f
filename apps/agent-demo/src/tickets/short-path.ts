import { isAbsolute, relative } from 'node:path'

/**
 * `file` as a person at `cwd` reads it best: relative when it is below the
 * current folder, absolute when a relative form would climb out of it.
 */
export function shortPath(file: string, cwd: string = process.cwd()): string {
  const path = relative(cwd, file)
  return path === '' || path.startsWith('..') || isAbsolute(path) ? file : path
}
