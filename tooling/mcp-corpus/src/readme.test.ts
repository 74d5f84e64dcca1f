import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadMcpCorpus } from './load-mcp-corpus.js'

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const readme = readFileSync(join(packageDir, 'README.md'), 'utf8')
// Rows of the server table: | `name` | version | tools | stresses | licence |
const rows = new Map(
  [...readme.matchAll(/^\| `([^`]+)` \| ([^ |]+) \| (\d+) \| .* \| ([^|]+) \|$/gm)].map((match) => [
    match[1]!,
    { version: match[2]!, tools: Number(match[3]), licence: match[4]!.trim() },
  ]),
)
const servers = loadMcpCorpus()

describe('README server table', () => {
  it('has one row per captured server', () => {
    expect([...rows.keys()].sort()).toEqual(servers.map((server) => server.server).sort())
  })

  it.each(servers.map((server) => [server.server, server] as const))(
    '%s: the row gives the captured version and tool count',
    (name, server) => {
      expect(rows.get(name)).toMatchObject({ version: server.version, tools: server.tools.length })
    },
  )

  it.each(servers.map((server) => [server.server] as const))(
    '%s: the row gives the licence field of the installed package',
    (name) => {
      const manifest = JSON.parse(readFileSync(join(packageDir, 'node_modules', name, 'package.json'), 'utf8')) as {
        license?: string
      }
      const licence = rows.get(name)?.licence ?? ''
      expect(licence.startsWith(manifest.license ?? '(none')).toBe(true)
    },
  )
})
