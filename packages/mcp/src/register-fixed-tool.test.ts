import { describe, expect, it } from 'vitest'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { AnySchema, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js'
import * as z3 from 'zod/v3'
import * as z4 from 'zod/v4'
import { registerFixedTool } from './register-fixed-tool.js'
import { rawSession } from './test-support/raw-session.js'

// zod 4 hoists a schema registered with an id into `definitions` and points
// at it with `$ref` (how real servers built with the SDK advertise reused
// types): the coercion has to follow it.
const Count4 = z4.number().int().min(1).max(200).meta({ id: 'HelperCount', description: 'How many.' })

const fields4 = {
  count: Count4.optional(),
  verbose: z4.boolean().optional(),
  filter: z4.object({ tag: z4.string(), depth: z4.number().int() }).optional(),
  names: z4.array(z4.string()).optional(),
}
const fields3 = {
  count: z3.number().int().min(1).max(200).optional().describe('How many.'),
  verbose: z3.boolean().optional(),
  filter: z3.object({ tag: z3.string(), depth: z3.number().int() }).optional(),
  names: z3.array(z3.string()).optional(),
}

// Every way a server author hands the SDK an input schema.
const variants: ReadonlyArray<readonly [string, () => AnySchema | ZodRawShapeCompat]> = [
  ['zod 4 raw shape', () => fields4],
  ['zod 4 object schema', () => z4.object(fields4)],
  ['zod 4 object schema with a description', () => z4.object(fields4).describe('Search things.')],
  ['zod 4 strict object with meta', () => z4.strictObject(fields4).meta({ title: 'Search' })],
  ['zod 3 raw shape', () => fields3],
  ['zod 3 object schema', () => z3.object(fields3)],
  ['zod 3 object schema with a description', () => z3.object(fields3).describe('Search things.')],
  ['zod 3 strict object', () => z3.object(fields3).strict()],
]

interface Seen {
  args: unknown
}

function serverWith(fixed: boolean, inputSchema: AnySchema | ZodRawShapeCompat, seen: Seen): McpServer {
  const server = new McpServer({ name: 'helper-test', version: '1.0.0' })
  const config = {
    title: 'Search',
    description: 'Search with typed arguments.',
    inputSchema,
    annotations: { readOnlyHint: true },
  }
  const handler = (args: unknown) => {
    seen.args = args
    return { content: [{ type: 'text' as const, text: 'ok' }] }
  }
  if (fixed) registerFixedTool(server, 'search', config, handler)
  else server.registerTool('search', config, handler)
  return server
}

async function listTools(fixed: boolean, inputSchema: AnySchema | ZodRawShapeCompat): Promise<string> {
  const session = await rawSession(serverWith(fixed, inputSchema, { args: undefined }))
  const response = await session.request('tools/list')
  await session.close()
  return JSON.stringify(response)
}

async function call(
  fixed: boolean,
  inputSchema: AnySchema | ZodRawShapeCompat,
  args: unknown,
): Promise<{ result: Record<string, unknown>; seen: unknown }> {
  const seen: Seen = { args: undefined }
  const session = await rawSession(serverWith(fixed, inputSchema, seen))
  const response = await session.request('tools/call', { name: 'search', arguments: args })
  await session.close()
  return { result: response['result'] as Record<string, unknown>, seen: seen.args }
}

const modelArgs = Object.freeze({ count: '5', verbose: 'false', filter: '{"tag":"a","depth":"2"}', names: 'solo' })

describe.each(variants)('registerFixedTool with a %s', (_label, make) => {
  it('advertises in tools/list byte for byte what registerTool advertises', async () => {
    const plain = await listTools(false, make())
    const fixed = await listTools(true, make())
    expect(fixed).toBe(plain)
    // Not the empty schema a top-level z.preprocess would have produced.
    expect(plain).toContain('"verbose":{')
  })

  it('hands the handler "5", "false" and JSON text as the declared types', async () => {
    const { result, seen } = await call(true, make(), modelArgs)
    expect(result['isError']).toBeUndefined()
    expect(seen).toEqual({ count: 5, verbose: false, filter: { tag: 'a', depth: 2 }, names: ['solo'] })
  })

  it('rejects the same arguments without the helper (the SDK validation error)', async () => {
    const { result, seen } = await call(false, make(), modelArgs)
    expect(result['isError']).toBe(true)
    expect(JSON.stringify(result['content'])).toContain('Input validation error')
    expect(seen).toBeUndefined()
  })

  it('still fails validation for "thing" where a boolean is declared', async () => {
    const { result, seen } = await call(true, make(), { verbose: 'thing' })
    expect(result['isError']).toBe(true)
    expect(JSON.stringify(result['content'])).toMatch(/Input validation error.*verbose/)
    expect(seen).toBeUndefined()
  })

  it('passes arguments that are already right through unchanged', async () => {
    const args = { count: 7, verbose: true, filter: { tag: 'b', depth: 1 }, names: ['x', 'y'] }
    const { seen } = await call(true, make(), args)
    expect(seen).toEqual(args)
  })
})

describe('registerFixedTool', () => {
  it('never modifies the schema it is given', async () => {
    const schema = z4.object(fields4)
    const shape3 = z3.object(fields3)
    const before = [schema._zod.run, shape3.safeParseAsync]
    await call(true, schema, modelArgs)
    await call(true, shape3, modelArgs)
    expect([schema._zod.run, shape3.safeParseAsync]).toEqual(before)
    expect(schema.safeParse(modelArgs).success).toBe(false)
    expect(shape3.safeParse(modelArgs).success).toBe(false)
  })

  it('registers a tool without an input schema exactly as registerTool does', async () => {
    const make = (fixed: boolean): McpServer => {
      const server = new McpServer({ name: 'helper-test', version: '1.0.0' })
      const handler = () => ({ content: [{ type: 'text' as const, text: 'pong' }] })
      if (fixed) registerFixedTool(server, 'ping', { description: 'Ping.' }, handler)
      else server.registerTool('ping', { description: 'Ping.' }, handler)
      return server
    }
    const lists = await Promise.all(
      [false, true].map(async (fixed) => {
        const session = await rawSession(make(fixed))
        const list = JSON.stringify(await session.request('tools/list'))
        const called = JSON.stringify(await session.request('tools/call', { name: 'ping', arguments: {} }))
        await session.close()
        return list + called
      }),
    )
    expect(lists[1]).toBe(lists[0])
  })
})
