import { loadMcpCorpus } from '@x/mcp-corpus'
import { checkProviderSchema, PROVIDER_NAMES } from '@x/provider-schema'
import { describe, expect, it } from 'vitest'
import { providerToolPages } from './provider-tool-pages.js'

// The tools/list captures of real npm servers, each listed in two pages:
// the pages must give the names and schemas one page gives, valid for the
// provider, every tool's other fields kept.
const table = loadMcpCorpus().flatMap((server) =>
  PROVIDER_NAMES.map((provider) => [`${server.server} for ${provider}`, server.tools, provider] as const),
)

describe('providerToolPages on the real-server corpus', () => {
  it.each(table)(
    '%s: two pages list what one page lists, in a form the provider accepts',
    (_label, tools, provider) => {
      const whole = providerToolPages(provider).listed(tools, true) as Array<Record<string, unknown>>
      const half = Math.ceil(tools.length / 2)
      const pages = providerToolPages(provider)
      const first = pages.listed(tools.slice(0, half), true) as Array<Record<string, unknown>>
      const second = pages.listed(tools.slice(half), false) as Array<Record<string, unknown>>

      expect([...first, ...second]).toEqual(whole)
      expect(new Set(whole.map((tool) => tool['name'])).size).toBe(tools.length)
      for (const [index, tool] of whole.entries()) {
        expect(checkProviderSchema(tool['inputSchema'], provider), String(tool['name'])).toEqual([])
        for (const key of Object.keys(tools[index]!))
          if (key !== 'name' && key !== 'inputSchema' && key !== 'description')
            expect(tool[key]).toBe(tools[index]![key])
      }
      expect(pages.toolset()!.tools.length).toBe(tools.length)
    },
  )
})
