import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { builtinServerSpecs } from './builtin-server-specs.js'
import { advertisedTools, type AdvertisedServer } from './internal/advertised-tools.js'
import { prepareDemoWorkspace } from '../workspace/demo-workspace.js'

// fixtures/list-tools.json is what @modelcontextprotocol/sdk 1.32.2 with zod
// 4.6.7 really advertises for our three servers (captured over stdio with
// `listTools`). Regenerate on purpose with UPDATE_LIST_TOOLS_FIXTURE=1.
const fixturePath = fileURLToPath(new URL('../../fixtures/list-tools.json', import.meta.url))

describe('the list-tools fixture', () => {
  let dir: string
  let live: Record<string, AdvertisedServer>
  const fixture = (): Record<string, AdvertisedServer> => {
    const { $comment: _comment, ...servers } = JSON.parse(readFileSync(fixturePath, 'utf8')) as Record<
      string,
      AdvertisedServer
    >
    return servers
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'agent-demo-fixture-'))
    live = await advertisedTools(builtinServerSpecs(prepareDemoWorkspace(dir)))
    if (process.env.UPDATE_LIST_TOOLS_FIXTURE === '1') {
      const note =
        'What @modelcontextprotocol/sdk 1.32.2 + zod 4.6.7 advertise via listTools for the demo servers (src/servers). Regenerate: UPDATE_LIST_TOOLS_FIXTURE=1 pnpm exec vitest run --project agent-demo list-tools'
      writeFileSync(fixturePath, `${JSON.stringify({ $comment: note, ...live }, null, 2)}\n`)
    }
  }, 20_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('matches what the live servers advertise now (drift fails here)', () => {
    expect(live).toEqual(fixture())
  })

  it('records a reused sub-schema as a $ref into definitions', () => {
    const create = fixture().tickets!.tools.find((tool) => (tool as { name: string }).name === 'create') as {
      inputSchema: Record<string, unknown>
    }
    expect(create.inputSchema.properties).toMatchObject({ assignee: { $ref: '#/definitions/Person' } })
    expect(create.inputSchema.definitions).toHaveProperty('Person')
  })

  it('records a nullable union around that $ref and property names with spaces', () => {
    const create = fixture().tickets!.tools.find((tool) => (tool as { name: string }).name === 'create') as {
      inputSchema: { properties: Record<string, unknown>; definitions: { Person: { properties: object } } }
    }
    expect(create.inputSchema.properties.reporter).toEqual({
      anyOf: [{ $ref: '#/definitions/Person' }, { type: 'null' }],
    })
    expect(create.inputSchema.properties).toHaveProperty(['due date'])
    expect(create.inputSchema.definitions.Person.properties).toHaveProperty(['first name'])
  })

  it('records an integer that only a $ref (behind allOf) declares', () => {
    const read = fixture().files!.tools.find((tool) => (tool as { name: string }).name === 'read') as {
      inputSchema: { properties: { limit: unknown }; definitions: { Count: unknown } }
    }
    expect(read.inputSchema.properties.limit).toMatchObject({ allOf: [{ $ref: '#/definitions/Count' }] })
    expect(read.inputSchema.definitions.Count).toMatchObject({ type: 'integer' })
  })

  it('records a nested filters object', () => {
    const list = fixture().files!.tools.find((tool) => (tool as { name: string }).name === 'list') as {
      inputSchema: { properties: { filters: unknown } }
    }
    expect(list.inputSchema.properties.filters).toMatchObject({
      type: 'object',
      properties: { 'max depth': { type: 'integer' } },
    })
  })
})
