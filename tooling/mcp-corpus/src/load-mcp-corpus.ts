import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deepFreeze } from '@x/test-utils'
import type { CorpusServer } from './corpus-types.js'
import { parseCorpusServer } from './internal/parse-corpus-server.js'

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures')

// The fixtures never change while a process runs; parsing the larger ones
// again for every test file that asks would only cost time.
let loaded: readonly CorpusServer[] | undefined

/**
 * Every captured server of the corpus, sorted by slug, deep-frozen so a test
 * that hands a schema to code under test also checks that it is not mutated.
 *
 * The same array is returned on every call. A fixture that is not valid JSON
 * or lacks the fields of {@link CorpusServer} throws an `Error` naming the
 * file: the corpus is checked-in test data, and a broken file must stop the
 * run rather than silently shrink the corpus.
 *
 * @example
 * ```ts
 * const servers = loadMcpCorpus()
 * servers.find((entry) => entry.slug === 'server-memory')?.tools[0]?.name
 * // => 'create_entities'
 * ```
 */
export function loadMcpCorpus(): readonly CorpusServer[] {
  if (loaded !== undefined) return loaded
  const files = readdirSync(fixturesDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
  const servers = files.map((file) => {
    const path = join(fixturesDir, file)
    return parseCorpusServer(file.slice(0, -'.json'.length), path, readFileSync(path, 'utf8'))
  })
  loaded = deepFreeze(servers)
  return loaded
}
