import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadMcpCorpus } from './load-mcp-corpus.js'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>
}
// Everything pinned here is a captured server except the tools that capture
// and load them.
const notServers = new Set(['@modelcontextprotocol/sdk', '@types/node', '@x/test-utils'])
const pinnedServers = Object.entries(manifest.devDependencies).filter(([name]) => !notServers.has(name))
const fixtureFiles = readdirSync(join(packageDir, 'fixtures')).filter((file) => file.endsWith('.json'))
const servers = loadMcpCorpus()

describe('loadMcpCorpus', () => {
  it('loads every fixture file, sorted by slug', () => {
    expect(servers.map((server) => `${server.slug}.json`)).toEqual([...fixtureFiles].sort())
  })

  it('holds at least ten servers', () => {
    expect(servers.length).toBeGreaterThanOrEqual(10)
  })

  it.each(servers.map((server) => [server.slug, server] as const))('%s lists at least one tool', (_slug, server) => {
    expect(server.tools.length).toBeGreaterThan(0)
  })

  it.each(servers.map((server) => [server.slug, server] as const))(
    '%s: every tool has a name and an object inputSchema',
    (_slug, server) => {
      for (const tool of server.tools) {
        expect(typeof tool.name).toBe('string')
        expect(tool.name.length).toBeGreaterThan(0)
        expect(tool.inputSchema).toBeTypeOf('object')
        expect(tool.inputSchema.type).toBe('object')
      }
    },
  )

  it.each(servers.map((server) => [server.slug, server] as const))(
    '%s: tool names are unique within the server',
    (_slug, server) => {
      const names = server.tools.map((tool) => tool.name)
      expect(new Set(names).size).toBe(names.length)
    },
  )

  it.each(servers.map((server) => [server.slug, server] as const))(
    '%s was captured from the pinned version of its package',
    (_slug, server) => {
      // A bump of the devDependency without a re-capture fails here.
      expect(manifest.devDependencies[server.server]).toBe(server.version)
    },
  )

  it.each(pinnedServers)('pinned server %s has a fixture', (name) => {
    expect(servers.map((server) => server.server)).toContain(name)
  })

  it('records only dummy credentials', () => {
    for (const server of servers) {
      for (const value of Object.values(server.env)) expect(value).toMatch(/dummy|\{workdir\}/)
    }
  })

  it('holds the value its TSDoc example shows', () => {
    expect(servers.find((entry) => entry.slug === 'server-memory')?.tools[0]?.name).toBe('create_entities')
  })

  it('returns the same deep-frozen corpus on every call', () => {
    expect(loadMcpCorpus()).toBe(servers)
    expect(Object.isFrozen(servers)).toBe(true)
    expect(Object.isFrozen(servers[0]!.tools[0]!.inputSchema)).toBe(true)
  })
})
