// Type tests: registerFixedTool types its handler exactly as registerTool
// does, from the input schema (zod 3 or zod 4, raw shape or object schema).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js'
import { describe, expectTypeOf, it } from 'vitest'
import * as z from 'zod'
import * as z3 from 'zod/v3'
import { registerFixedTool } from './register-fixed-tool.js'

const server = new McpServer({ name: 'types', version: '0.0.0' })
const ok = { content: [{ type: 'text' as const, text: 'ok' }] }

describe('registerFixedTool types', () => {
  it('types the handler from a zod 4 raw shape', () => {
    registerFixedTool(server, 'a', { inputSchema: { count: z.number(), verbose: z.boolean().optional() } }, (args) => {
      expectTypeOf(args.count).toEqualTypeOf<number>()
      expectTypeOf(args.verbose).toEqualTypeOf<boolean | undefined>()
      return ok
    })
  })

  it('types the handler from a zod 3 raw shape', () => {
    registerFixedTool(server, 'b', { inputSchema: { name: z3.string() } }, (args) => {
      expectTypeOf(args.name).toEqualTypeOf<string>()
      return ok
    })
  })

  it('types the handler from a zod 4 object schema', () => {
    registerFixedTool(server, 'c', { inputSchema: z.object({ tags: z.array(z.string()) }) }, (args) => {
      expectTypeOf(args.tags).toEqualTypeOf<string[]>()
      return ok
    })
  })

  it('returns what registerTool returns', () => {
    expectTypeOf(registerFixedTool(server, 'd', {}, () => ok)).toEqualTypeOf<RegisteredTool>()
  })

  it('refuses a handler whose arguments contradict the schema', () => {
    registerFixedTool(server, 'e', { inputSchema: { count: z.number() } }, (args) => {
      // @ts-expect-error count is a number, not a string
      expectTypeOf(args.count).toEqualTypeOf<string>()
      return ok
    })
  })
})
