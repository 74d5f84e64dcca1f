import { deepFreeze } from '@x/test-utils'
import { dynamicTool, generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai'
import type { JSONSchema7, ToolSet } from 'ai'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { coerceTools } from './coerce-tools.js'
import { twoTurnModel } from './test-support/model-turns.js'

const searchSchema: JSONSchema7 = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    limit: { type: 'integer' },
    verbose: { type: 'boolean' },
    filters: { $ref: '#/$defs/Filters' },
  },
  required: ['query'],
  $defs: {
    Filters: {
      type: 'object',
      properties: { labels: { type: 'array', items: { type: 'string' } }, since: { type: 'number' } },
    },
  },
}

// What models really send: numbers and booleans as strings, an object as JSON
// text with an array inside as JSON text again.
const mistyped = JSON.stringify({
  query: 'bugs',
  limit: '5',
  verbose: 'true',
  filters: JSON.stringify({ labels: '["a","b"]', since: ' 2.5 ' }),
})
const declared = { query: 'bugs', limit: 5, verbose: true, filters: { labels: ['a', 'b'], since: 2.5 } }

async function runOnce(tools: ToolSet, stream = false) {
  const { model } = twoTurnModel([{ id: 'call_1', name: 'search', input: mistyped }])
  if (stream) {
    const result = streamText({ model, tools, prompt: 'go', stopWhen: stepCountIs(2) })
    return (await result.steps)[0]!.content
  }
  return (await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(2) })).steps[0]!.content
}

function recorder() {
  const received: unknown[] = []
  const execute = async (input: unknown) => {
    received.push(input)
    return 'ok'
  }
  return { received, execute }
}

describe('coerceTools', () => {
  it('gives a jsonSchema() tool the declared types (it validates nothing on its own)', async () => {
    const { received, execute } = recorder()
    await runOnce(coerceTools({ search: tool({ inputSchema: jsonSchema(searchSchema), execute }) }))
    expect(received).toEqual([declared])
  })

  it('is needed: without it the jsonSchema() tool receives the strings as sent', async () => {
    const { received, execute } = recorder()
    await runOnce({ search: tool({ inputSchema: jsonSchema(searchSchema), execute }) })
    expect(received).toEqual([JSON.parse(mistyped)])
  })

  it('coerces before a zod schema validates, so the call no longer fails', async () => {
    const zodSearch = z.object({
      query: z.string(),
      limit: z.number().int().optional(),
      verbose: z.boolean().optional(),
      filters: z.object({ labels: z.array(z.string()), since: z.number() }).optional(),
    })
    const without = recorder()
    const failed = await runOnce({ search: tool({ inputSchema: zodSearch, execute: without.execute }) })
    expect([without.received, failed.filter((part) => part.type === 'tool-error').length]).toEqual([[], 1])
    const withIt = recorder()
    await runOnce(coerceTools({ search: tool({ inputSchema: zodSearch, execute: withIt.execute }) }))
    expect(withIt.received).toEqual([declared])
  })

  it("runs a Standard Schema's own validation on the coerced value", async () => {
    const seen: unknown[] = []
    const standard = {
      '~standard': {
        version: 1,
        vendor: 'hand-made',
        validate: (value: unknown) => {
          seen.push(value)
          return { value: { ...(value as object), checked: true } }
        },
        jsonSchema: { input: () => searchSchema, output: () => searchSchema },
      },
    }
    const { received, execute } = recorder()
    await runOnce(coerceTools({ search: tool({ inputSchema: standard as never, execute }) }))
    expect([seen, received]).toEqual([[declared], [{ ...declared, checked: true }]])
  })

  it("reports a jsonSchema validate's failure as the SDK's own tool error", async () => {
    const strict = jsonSchema(searchSchema, {
      validate: (value) =>
        (value as { limit?: unknown }).limit === 5
          ? { success: false, error: new Error('limit 5 is taken') }
          : { success: true, value },
    })
    const { received, execute } = recorder()
    const content = await runOnce(coerceTools({ search: tool({ inputSchema: strict, execute }) }))
    const errors = content.filter((part) => part.type === 'tool-error')
    expect([received, errors.length, String((errors[0] as { error?: unknown } | undefined)?.error)]).toEqual([
      [],
      1,
      expect.stringContaining('limit 5 is taken'),
    ])
  })

  it('fixes dynamic tools and streamed calls too', async () => {
    const { received, execute } = recorder()
    await runOnce(coerceTools({ search: dynamicTool({ inputSchema: jsonSchema(searchSchema), execute }) }), true)
    expect(received).toEqual([declared])
  })

  it('sends the model the very same JSON Schema', async () => {
    const { model, seen } = twoTurnModel([])
    const { execute } = recorder()
    await generateText({
      model,
      tools: coerceTools({ search: tool({ inputSchema: jsonSchema(searchSchema), execute }) }),
      prompt: 'go',
    })
    const sent = seen[0]!.tools![0]!
    expect(sent.type === 'function' ? sent.inputSchema : undefined).toBe(searchSchema)
  })

  it('never mutates the tools, keeps their other fields, and keeps provider tools as they are', () => {
    const { execute } = recorder()
    const provider = { type: 'provider', id: 'openai.web_search', args: {} }
    const tools = deepFreeze({
      search: { description: 'Search', title: 'Search', inputSchema: jsonSchema(searchSchema), execute },
      web: provider,
    }) as unknown as ToolSet
    const wrapped = coerceTools(tools)
    expect([
      wrapped.web === provider,
      wrapped.search!.description,
      wrapped.search!.execute === execute,
      wrapped.search!.inputSchema === tools.search!.inputSchema,
    ]).toEqual([true, 'Search', true, false])
  })

  it('returns the very same tools when wrapped twice', () => {
    const once = coerceTools({ search: tool({ inputSchema: jsonSchema(searchSchema), execute: async () => 'ok' }) })
    expect(coerceTools(once)).toBe(once)
  })

  it.each([null, 'tools', 42, [[]]])('throws a TypeError for %j instead of an object of tools', (value) => {
    expect(() => coerceTools(value as never)).toThrow(TypeError)
  })

  it('coerces against a JSON Schema given as a promise', async () => {
    const { received, execute } = recorder()
    await runOnce(coerceTools({ search: tool({ inputSchema: jsonSchema(Promise.resolve(searchSchema)), execute }) }))
    expect(received).toEqual([declared])
  })

  it('leaves the decision to a Standard Schema that has no JSON Schema (nothing to coerce against)', async () => {
    const standard = {
      '~standard': { version: 1, vendor: 'no-json', validate: (value: unknown) => ({ value: { seen: value } }) },
    }
    const wrapped = coerceTools({ search: tool({ inputSchema: standard as never, execute: async () => 'ok' }) })
    const schema = wrapped.search!.inputSchema as { validate(value: unknown): unknown }
    expect(await schema.validate({ limit: '5' })).toEqual({ success: true, value: { seen: { limit: '5' } } })
  })
})
