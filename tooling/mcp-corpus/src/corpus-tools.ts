import type { CorpusEntry } from './corpus-types.js'
import { loadMcpCorpus } from './load-mcp-corpus.js'

let flattened: readonly CorpusEntry[] | undefined

/**
 * Every tool of every captured server, each with its server's npm name and
 * version, in {@link loadMcpCorpus} order: the shape for an `it.each` table
 * over all real tools.
 *
 * The tools are the deep-frozen objects of {@link loadMcpCorpus}, not copies.
 *
 * @example
 * ```ts
 * it.each(corpusTools().map((entry) => [`${entry.server} ${entry.tool.name}`, entry.tool]))(
 *   '%s: the prepared schema is accepted',
 *   (_label, tool) => { ... },
 * )
 * ```
 */
export function corpusTools(): readonly CorpusEntry[] {
  if (flattened !== undefined) return flattened
  flattened = Object.freeze(
    loadMcpCorpus().flatMap((server) =>
      server.tools.map((tool) => Object.freeze({ server: server.server, version: server.version, tool })),
    ),
  )
  return flattened
}
