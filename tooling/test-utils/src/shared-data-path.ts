import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/**
 * Absolute path of a file under `../shared/data/` (beside the checkout, where
 * CI puts its copy), or `undefined` when it is not there. Reference data is
 * read from there, never copied into the repo.
 */
export function sharedDataPath(relativePath: string): string | undefined {
  const candidates = [process.env['SHARED_DATA_DIR'], join(repoRoot, '..', 'shared', 'data')]
  for (const base of candidates) {
    if (base === undefined || base === '') continue
    const path = join(base, relativePath)
    if (existsSync(path)) return path
  }
  return undefined
}
