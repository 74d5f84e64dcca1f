import { describe, expect, it } from 'vitest'
import { corpusTools } from './corpus-tools.js'
import { loadMcpCorpus } from './load-mcp-corpus.js'

describe('corpusTools', () => {
  it('has one entry per tool of every server, in corpus order', () => {
    const expected = loadMcpCorpus().flatMap((server) =>
      server.tools.map((tool) => ({ server: server.server, version: server.version, tool })),
    )
    expect(corpusTools()).toEqual(expected)
  })

  it('hands out the loaded tool objects, not copies', () => {
    const first = loadMcpCorpus()[0]!
    expect(corpusTools()[0]!.tool).toBe(first.tools[0])
  })

  it('is frozen, entries included', () => {
    const entries = corpusTools()
    expect(Object.isFrozen(entries)).toBe(true)
    expect(entries.every((entry) => Object.isFrozen(entry))).toBe(true)
  })
})
