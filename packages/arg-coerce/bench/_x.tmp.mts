// coerceToolArgs on eight different real tool schemas called in turn, as an
// agent calls its tools, against ajv's coerceTypes running the eight
// validators it compiled beforehand in the same turn order.
//
// The schemas: five tools of MCP servers from npm as they advertise them
// (@x/mcp-corpus), a tool of the demo's own MCP servers (zod 4 through the
// MCP SDK), and one tool each as pydantic and zod-to-json-schema print it.
// Each has nested objects or arrays, and most a $ref or a union. Each call
// gets fresh arguments as a model sends them: several numbers and booleans
// as strings, and one object or array as JSON text.
//
// A process that has met several tools can be much slower than one that met
// a single tool (V8's shared call sites), and how much depends on what it met
// first: the row runs in several fresh processes, and the minimum matters as
// much as the median.
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { Ajv } from 'ajv'
import type { ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { runBenchInFreshProcesses } from '@x/bench-utils'
import type { BenchCase } from '@x/bench-utils'
import { loadMcpCorpus } from '@x/mcp-corpus'
import { z } from 'zod/v3'
import { zodToJsonSchema } from 'zod-to-json-schema'
import { coerceToolArgs } from '../dist/index.js'

type Args = Record<string, unknown>

interface RealTool {
  /** Where the schema comes from. */
  source: string
  schema: object
  /** Fresh arguments as the model sends them. */
  sent: () => Args
  /** The top-level key whose value is sent as JSON text. */
  jsonText: string
}

function corpusSchema(slug: string, name: string): object {
  const server = loadMcpCorpus().find((entry) => entry.slug === slug)
  const tool = server?.tools.find((entry) => entry.name === name)
  if (tool === undefined) throw new Error(`the corpus has no ${slug} ${name}`)
  return tool.inputSchema
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, unknown>
}

function realTools(): RealTool[] {
  const demo = readJson('../../../apps/agent-demo/fixtures/list-tools.json') as {
    tickets: { tools: { name: string; inputSchema: object }[] }
  }
  const pydantic = readJson('../src/fixtures/pydantic-v2.json') as { SearchTool: object }
  const flag = z.boolean()
  const amount = z.number()
  const zodSchema = zodToJsonSchema(
    z.object({
      notify: flag,
      archive: flag,
      discount: amount.nullable(),
      items: z.array(z.object({ sku: z.string(), qty: z.number().int() })),
      pet: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('cat'), lives: z.number().int() }),
        z.object({ kind: z.literal('dog'), good: z.boolean() }),
      ]),
    }),
  ) as object
  return [
    {
      source: '@modelcontextprotocol/server-github create_pull_request_review',
      schema: corpusSchema('server-github', 'create_pull_request_review'),
      sent: () => ({
        owner: 'octo',
        repo: 'hello',
        pull_number: '42',
        body: 'Looks good',
        event: 'COMMENT',
        comments:
          '[{"path": "src/a.ts", "line": "12", "body": "nit"}, {"path": "b.ts", "position": "3", "body": "typo"}]',
      }),
      jsonText: 'comments',
    },
    {
      source: '@modelcontextprotocol/server-filesystem edit_file',
      schema: corpusSchema('server-filesystem', 'edit_file'),
      sent: () => ({
        path: '/tmp/notes.md',
        edits: '[{"oldText": "teh", "newText": "the"}, {"oldText": "2025", "newText": "2026"}]',
        dryRun: 'true',
      }),
      jsonText: 'edits',
    },
    {
      source: '@playwright/mcp browser_start_video',
      schema: corpusSchema('playwright-mcp', 'browser_start_video'),
      sent: () => ({ filename: 'run.webm', size: '{"width": "1280", "height": "720"}', fps: '25', cursor: 'false' }),
      jsonText: 'size',
    },
    {
      source: '@notionhq/notion-mcp-server API-query-data-source',
      schema: corpusSchema('notion-mcp-server', 'API-query-data-source'),
      sent: () => ({
        data_source_id: '1b2c3d4e-0000-4000-8000-000000000001',
        filter: { property: 'Status', status: { equals: 'Done' } },
        sorts: '[{"property": "Due", "direction": "ascending"}]',
        page_size: '25',
        archived: 'false',
        in_trash: 'false',
      }),
      jsonText: 'sorts',
    },
    {
      source: '@sentry/mcp-server search_events',
      schema: corpusSchema('sentry-mcp-server', 'search_events'),
      sent: () => ({
        organizationSlug: 'acme',
        dataset: 'errors',
        query: 'is:unresolved',
        fields: '["title", "count()"]',
        period: '24h',
        limit: '25',
        includeExplanation: 'true',
      }),
      jsonText: 'fields',
    },
    {
      source: 'agent-demo tickets create (MCP SDK + zod 4)',
      schema: demo.tickets.tools.find((tool) => tool.name === 'create')!.inputSchema,
      sent: () => ({
        title: 'Login fails',
        assignee: { 'first name': 'Ada', email: 'ada@example.com' },
        reporter: '{"first name": "Grace", "last name": "Hopper"}',
        'due date': '2026-12-24',
        priority: '2',
        labels: ['bug', 'auth'],
      }),
      jsonText: 'reporter',
    },
    {
      source: 'pydantic 2 SearchTool (fixtures/pydantic-v2.json)',
      schema: pydantic.SearchTool,
      sent: () => ({
        query: 'lamps',
        limit: '5',
        verbose: 'true',
        ratio: '0.5',
        scores: { a: '1', b: 2 },
        window: ['3', 'a'],
        people: '[{"name": "Ada", "age": "36", "home": {"street": "Main", "zip_code": "7030"}}]',
        pet: { kind: 'dog', good: 'false' },
      }),
      jsonText: 'people',
    },
    {
      source: 'zod-to-json-schema 3 (zod/v3 object, reuse refs)',
      schema: zodSchema,
      sent: () => ({
        notify: 'true',
        archive: 'false',
        discount: '0.15',
        items: '[{"sku": "A-1", "qty": "2"}, {"sku": "B-2", "qty": "1"}]',
        pet: { kind: 'cat', lives: '9' },
      }),
      jsonText: 'items',
    },
  ]
}

// A store puts one value back where coercion changed it: ajv coerces in
// place, so each call first undoes the previous call's changes. Ours never
// writes to its input; it runs the same kind of stores anyway.
type Store = [container: Record<string | number, unknown>, key: string | number, value: unknown]

function storesOf(sent: unknown, coerced: unknown, stores: Store[] = []): Store[] {
  const from = sent as Record<string, unknown>
  const to = coerced as Record<string, unknown>
  for (const key of Object.keys(from)) {
    const before = from[key]
    const after = to[key]
    if (
      typeof before === 'object' &&
      before !== null &&
      typeof after === 'object' &&
      after !== null &&
      Array.isArray(before) === Array.isArray(after)
    )
      storesOf(before, after, stores)
    else if (!isDeepStrictEqual(before, after)) stores.push([from, Array.isArray(from) ? Number(key) : key, before])
  }
  return stores
}

const poolSize = 32

function pool(make: () => Args, coerced: unknown): () => Args {
  const entries = Array.from({ length: poolSize }, () => {
    const args = make()
    return { args, stores: storesOf(args, coerced) }
  })
  let index = 0
  return () => {
    const entry = entries[(index = (index + 1) & (poolSize - 1))]!
    for (const [container, key, value] of entry.stores) container[key] = value
    return entry.args
  }
}

interface Prepared {
  source: string
  schema: object
  validate: ValidateFunction
  expected: unknown
  jsonText: string
  nextOurs: () => Args
  nextAjv: () => Args
  nextAjvParsed: () => Args
}

// Peer configuration of the warm row of coerce.bench.ts, with the draft each
// schema declares (as ajv's users must: the 2020 class refuses draft-07's
// meta-schema URL).
const ajvOptions = { coerceTypes: true, strict: false, validateFormats: false } as const

function prepare(tools: RealTool[]): Prepared[] {
  const ajv2020 = new Ajv2020(ajvOptions)
  const ajv7 = new Ajv(ajvOptions)
  return tools.map((tool) => {
    const draft = (tool.schema as { $schema?: unknown }).$schema
    const validate = (typeof draft === 'string' && draft.includes('draft-07') ? ajv7 : ajv2020).compile(tool.schema)
    // ajv never parses JSON text: a string where an array is declared fails
    // validation, which would also stop its coercion early and look faster.
    const sentToAjv = (): Args => {
      const args = tool.sent()
      args[tool.jsonText] = JSON.parse(args[tool.jsonText] as string)
      return args
    }
    const expected = sentToAjv()
    if (validate(expected) !== true)
      throw new Error(`${tool.source}: ajv rejects the arguments: ${JSON.stringify(validate.errors)}`)
    const ours = coerceToolArgs(tool.schema, tool.sent())
    if (!isDeepStrictEqual(ours, expected))
      throw new Error(`${tool.source}: ours gives ${JSON.stringify(ours)}, ajv ${JSON.stringify(expected)}`)
    // The row must measure coercion: several values to change per call.
    const changes = storesOf(tool.sent(), expected).length
    if (changes < 2) throw new Error(`${tool.source}: only ${changes} value(s) to coerce`)
    return {
      source: tool.source,
      schema: tool.schema,
      validate,
      expected,
      jsonText: tool.jsonText,
      nextOurs: pool(tool.sent, expected),
      nextAjv: pool(tool.sent, expected),
      nextAjvParsed: pool(sentToAjv, expected),
    }
  })
}

function makeCases(): BenchCase[] {
  const tools = prepare(realTools())
  if (tools.length !== 8) throw new Error(`expected eight tools, found ${tools.length}`)
  let oursTurn = 0
  let ajvTurn = 0
  let parsedTurn = 0
  let oursParsedTurn = 0
  const impls = {
    ours: () => {
      const tool = tools[(oursTurn = (oursTurn + 1) & 7)]!
      return coerceToolArgs(tool.schema, tool.nextOurs())
    },
    // The same arguments to the same result: what a user of ajv writes,
    // since coerceTypes leaves JSON text alone.
    ajv: () => {
      const tool = tools[(ajvTurn = (ajvTurn + 1) & 7)]!
      const args = tool.nextAjv()
      args[tool.jsonText] = JSON.parse(args[tool.jsonText] as string)
      tool.validate(args)
      return args
    },
    // ajv's coercion alone: its arguments carry the JSON-text value already
    // parsed, so it does less work than ours.
    'ajv, JSON text given parsed': () => {
      const tool = tools[(parsedTurn = (parsedTurn + 1) & 7)]!
      const args = tool.nextAjvParsed()
      tool.validate(args)
      return args
    },
    // Ours on the same arguments as the last impl: the two coercions alone.
    'ours, JSON text given parsed': () => {
      const tool = tools[(oursParsedTurn = (oursParsedTurn + 1) & 7)]!
      return coerceToolArgs(tool.schema, tool.nextAjvParsed())
    },
  }
  // Every call must do the whole coercion, not only the first of each
  // pooled object: two laps of every pool, in turn order, must each give
  // what ajv gave at start-up.
  for (const [name, run] of Object.entries(impls)) {
    for (let call = 0; call < 2 * 8 * poolSize; call++) {
      const tool = tools[(call + 1) & 7]!
      const output = run()
      if (!isDeepStrictEqual(output, tool.expected))
        throw new Error(`${name} call ${call} (${tool.source}) computed ${JSON.stringify(output)}`)
    }
  }
  return [
    {
      name: 'eight real tool schemas in turn',
      impls,
      note: `one call per tool in turn: ${tools.map((tool) => tool.source).join('; ')}. ajv: coerceTypes, its eight validators precompiled, mutates in place; coerceTypes never parses JSON text, so the ajv impl JSON.parses the one JSON-text value itself before validating (same input, same output as ours), the third impl is given that value already parsed (ajv's coercion alone), and the fourth is ours on those same arguments (our coercion alone)`,
    },
  ]
}

const sources: string[] = []
const Original = globalThis.Function
globalThis.Function = new Proxy(Original, { construct(target, args) { sources.push(String(args[args.length - 1])); return Reflect.construct(target, args) } }) as FunctionConstructor
const cases = makeCases()
globalThis.Function = Original
if (process.env.DUMP) { for (const s of sources) console.log('-----\n' + s); process.exit(0) }
const impls = cases[0]!.impls
const names = (process.env.IMPLS ?? 'ours|ajv').split('|')
const best: Record<string, number> = {}
for (let lap = 0; lap < Number(process.env.LAPS ?? 60); lap++)
  for (const name of names) {
    const run = impls[name]!
    const start = process.cpuUsage()
    for (let i = 0; i < 8000; i++) run()
    const used = process.cpuUsage(start)
    const ns = ((used.user + used.system) * 1000) / 8000
    best[name] = Math.min(best[name] ?? Infinity, ns)
  }
console.log(Object.entries(best).map(([k, v]) => `${k} ${v.toFixed(0)} ns`).join(' | '), ' ratio', (best[names[1]!]! / best[names[0]!]!).toFixed(3))
