import { readFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseScript, type ModelScript } from '../model/scripted-model.js'

/** `fixtures/scripts/` of this app, from the sources (vitest) and from dist/ alike. */
export const SCRIPTS_DIR = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../fixtures/scripts/' : '../../fixtures/scripts/', import.meta.url),
)

/**
 * Reads a recorded model script: a bare file name is looked up in
 * `fixtures/scripts/`, a path is read as is.
 */
export function loadScript(name: string, directory = SCRIPTS_DIR): ModelScript {
  const path = isAbsolute(name) || name.includes('/') ? name : join(directory, name)
  return parseScript(JSON.parse(readFileSync(path, 'utf8')) as unknown, path)
}
