import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { deepFreeze } from '@x/test-utils'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'
import { zodToJsonSchema } from 'zod-to-json-schema'
import { describe, expect, it } from 'vitest'
import pydanticFixture from './fixtures/pydantic-v2.json'
import { expectCoercion } from './test-support/check.js'

describe('pydantic v2 (fixtures/pydantic-v2.json, printed by pydantic 2.13.4 from fixtures/generate-pydantic.py)', () => {
  const schema = deepFreeze(pydanticFixture.SearchTool)
  const base = { query: 'q', window: [1, 'a'], pet: { kind: 'cat', lives: 9 } }

  it.each([
    [
      'int, bool and Optional[float] from strings',
      { limit: '5', verbose: 'True', ratio: '0.5' },
      { limit: 5, verbose: true, ratio: 0.5 },
    ],
    ['Optional[float] from "null"', { ratio: 'null' }, { ratio: null }],
    ['dict[str, int] values', { scores: { a: '1', b: 2 } }, { scores: { a: 1, b: 2 } }],
    ['dict[str, int] sent as a JSON string', { scores: '{"a": "1"}' }, { scores: { a: 1 } }],
    ['Literal enum stays a string', { mode: 'exact' }, { mode: 'exact' }],
    ['Optional[list[str]] from a lone string', { tags: 'red' }, { tags: ['red'] }],
    ['Optional[list[str]] from a JSON string', { tags: '["red", 5]' }, { tags: ['red', '5'] }],
  ])('%s', (_title, sent, received) => {
    expectCoercion(schema, { ...base, ...sent }, { ...base, ...received }, { valid: true })
  })

  it('tuple[int, str] as prefixItems', () => {
    expectCoercion(schema, { ...base, window: ['3', 4] }, { ...base, window: [3, '4'] }, { valid: true })
  })

  it('a sub-model repeated in $defs, with a description beside its $ref and an Optional copy', () => {
    const people = [
      {
        name: 'Ada',
        age: '36',
        home: { street: 'Main', zip_code: '7030' },
        work: '{"street": "Side", "zip_code": "1"}',
      },
    ]
    const expected = [
      { name: 'Ada', age: 36, home: { street: 'Main', zip_code: 7030 }, work: { street: 'Side', zip_code: 1 } },
    ]
    expectCoercion(schema, { ...base, people }, { ...base, people: expected }, { valid: true })
  })

  it('a recursive model, at every depth', () => {
    const tree = { value: '1', children: [{ value: '2', children: '[{"value": "3"}]' }] }
    const expected = { value: 1, children: [{ value: 2, children: [{ value: 3 }] }] }
    expectCoercion(schema, { ...base, tree }, { ...base, tree: expected }, { valid: true })
  })

  it('a discriminated union chooses the branch the discriminator names', () => {
    expectCoercion(
      schema,
      { ...base, pet: { kind: 'dog', good: 'false' } },
      { ...base, pet: { kind: 'dog', good: false } },
      { valid: true },
    )
    expectCoercion(
      schema,
      { ...base, pet: '{"kind": "cat", "lives": "7"}' },
      { ...base, pet: { kind: 'cat', lives: 7 } },
      { valid: true },
    )
  })
})

describe('zod-to-json-schema 3.25.2 on zod/v3 schemas (generated here)', () => {
  const flag = z3.boolean()
  const amount = z3.number()
  const schema = deepFreeze(
    zodToJsonSchema(
      z3.object({
        notify: flag,
        archive: flag,
        price: z3.union([amount, z3.string()]),
        discount: amount.nullable(),
        items: z3.array(z3.object({ sku: z3.string(), qty: z3.number().int() })),
        pet: z3.discriminatedUnion('kind', [
          z3.object({ kind: z3.literal('cat'), lives: z3.number().int() }),
          z3.object({ kind: z3.literal('dog'), good: z3.boolean() }),
        ]),
      }),
    ) as object,
  )

  it('reuses schemas as #/properties/... refs', () => {
    expect(schema).toMatchObject({ properties: { archive: { $ref: '#/properties/notify' } } })
  })

  it('coerces through the reuse refs, leaves union strings, and picks the zod discriminated branch', () => {
    const sent = {
      notify: 'true',
      archive: 'FALSE',
      price: '9.99',
      discount: 'null',
      items: '[{"sku": 12, "qty": "2"}]',
      pet: { kind: 'dog', good: 'true' },
    }
    const expected = {
      notify: true,
      archive: false,
      price: '9.99',
      discount: null,
      items: [{ sku: '12', qty: 2 }],
      pet: { kind: 'dog', good: true },
    }
    expectCoercion(schema, sent, expected, { valid: true })
  })
})

describe('zod 4.6.7 z.toJSONSchema (generated here)', () => {
  const cat = z.object({ kind: z.literal('cat'), lives: z.number().int() })
  const model = z.object({
    count: z.number().int(),
    ratio: z.number().nullable(),
    when: z.tuple([z.number(), z.string()]),
    scores: z.record(z.string(), z.number().int()),
    pet: z.discriminatedUnion('kind', [cat, z.object({ kind: z.literal('dog'), good: z.boolean() })]),
    again: cat.optional(),
  })

  it.each([
    ['inline (the default)', deepFreeze(z.toJSONSchema(model) as object)],
    ['reused: "ref" ($defs)', deepFreeze(z.toJSONSchema(model, { reused: 'ref' }) as object)],
  ])('coerces every position (%s)', (_title, schema) => {
    const sent = {
      count: '3',
      ratio: 'NULL',
      when: ['1.5', 2],
      scores: { a: '4' },
      pet: '{"kind": "dog", "good": "true"}',
      again: { kind: 'cat', lives: '1' },
    }
    const expected = {
      count: 3,
      ratio: null,
      when: [1.5, '2'],
      scores: { a: 4 },
      pet: { kind: 'dog', good: true },
      again: { kind: 'cat', lives: 1 },
    }
    expectCoercion(schema, sent, expected, { valid: true })
  })
})

describe('the inputSchema the MCP TypeScript SDK 1.32.2 advertises for a zod tool', () => {
  it('is fetched through Client + InMemoryTransport and coerces a stringified integer behind it', async () => {
    const server = new McpServer({ name: 'fixture', version: '1.0.0' })
    const limit = z.number().int().describe('How many')
    server.registerTool(
      'search',
      {
        description: 'Search',
        inputSchema: {
          query: z.string(),
          limit: limit.optional(),
          verbose: z.boolean().optional(),
          filters: z
            .object({ labels: z.array(z.string()) })
            .nullable()
            .optional(),
        },
      },
      () => ({ content: [] }),
    )
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
    const client = new Client({ name: 'test', version: '1.0.0' })
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)])
    const { tools } = await client.listTools()
    await client.close()
    const schema = deepFreeze(tools.find((tool) => tool.name === 'search')!.inputSchema)
    expect(schema).toMatchObject({ type: 'object', properties: { limit: { type: 'integer' } } })
    const sent = { query: 7, limit: '5', verbose: 'true', filters: '{"labels": "[\\"a\\", \\"b\\"]"}' }
    const expected = { query: '7', limit: 5, verbose: true, filters: { labels: ['a', 'b'] } }
    expectCoercion(schema, sent, expected, { valid: true })
  })
})
