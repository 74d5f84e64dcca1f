import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkProviderSchema, PROVIDER_NAMES } from '@x/provider-schema'
import { deepFreeze } from '@x/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectClient } from '../test-support/connect-client.js'
import { prepareWorkspace, realServers } from '../test-support/servers.js'
import { providerToolPages } from './provider-tool-pages.js'

const alpha = {
  name: 'alpha',
  inputSchema: { type: 'object', properties: { 'first name': { type: 'string' }, n: { type: 'integer' } } },
}
const beta = {
  name: 'beta',
  title: 'Beta',
  annotations: { readOnlyHint: true },
  inputSchema: { type: 'object', properties: { on: { type: 'boolean' } } },
}

describe('providerToolPages', () => {
  it('rewrites name and schema of each tool and keeps its other fields', () => {
    const [listed] = providerToolPages('anthropic').listed(deepFreeze([beta]), true) as Array<Record<string, unknown>>
    expect(listed).toMatchObject({ name: 'beta', title: 'Beta', annotations: { readOnlyHint: true } })
  })

  it('leaves entries that are not tools as they are', () => {
    const odd = deepFreeze([42, { title: 'no name' }])
    const listed = providerToolPages('anthropic').listed(odd, true)
    expect(listed[0]).toBe(odd[0])
    expect(listed[1]).toBe(odd[1])
  })

  it('adds later pages to the set, and a first page starts it again', () => {
    const pages = providerToolPages('anthropic')
    pages.listed(deepFreeze([alpha]), true)
    pages.listed(deepFreeze([beta]), false)
    expect(pages.toolset()!.tools.map((tool) => tool.originalName)).toEqual(['alpha', 'beta'])
    pages.listed(deepFreeze([beta]), true)
    expect(pages.toolset()!.tools.map((tool) => tool.originalName)).toEqual(['beta'])
  })

  it('restores a call made in the provider form', () => {
    const pages = providerToolPages('anthropic')
    pages.listed(deepFreeze([alpha, beta]), true)
    expect(pages.restore('alpha', deepFreeze({ first_name: 'Ada', n: '2' }))).toEqual({
      name: 'alpha',
      arguments: { 'first name': 'Ada', n: 2 },
    })
  })

  it.each([
    ['before anything was listed', false, 'alpha', { n: '2' }],
    ['for an unknown tool', true, 'nope', { n: '2' }],
    ['for a call that is already right', true, 'beta', { on: true }],
  ])('says nothing changes %s', (_label, list, name, args) => {
    const pages = providerToolPages('anthropic')
    if (list) pages.listed(deepFreeze([alpha, beta]), true)
    expect(pages.restore(name, deepFreeze(args))).toBeUndefined()
  })
})

describe('providerToolPages on the real servers listings', () => {
  let dir: string
  const listings: Array<readonly [string, readonly unknown[]]> = []
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'x-mcp-pages-'))
    const servers = realServers(prepareWorkspace(dir))
    for (const [name, server] of Object.entries(servers)) {
      const client = await connectClient(server)
      listings.push([name, deepFreeze((await client.listTools()).tools)])
      await client.close()
    }
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it.each(PROVIDER_NAMES.map((provider) => [provider]))(
    'lists every tool of every server in a form %s accepts',
    (provider) => {
      for (const [server, tools] of listings) {
        const listed = providerToolPages(provider).listed(tools, true) as Array<{ name: string; inputSchema: unknown }>
        expect(listed.length).toBe(tools.length)
        expect(new Set(listed.map((tool) => tool.name)).size, server).toBe(tools.length)
        for (const tool of listed)
          expect(checkProviderSchema(tool.inputSchema, provider), `${server} ${tool.name}`).toEqual([])
      }
    },
  )
})
