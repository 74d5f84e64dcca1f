import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { checkProviderSchema } from './check-provider-schema.js'
import { prepareToolSchema } from './prepare-tool-schema.js'
import { PROVIDER_NAMES } from './provider-names.js'

function deep(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' }
  for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { a: schema }, required: ['a'] }
  return deepFreeze(schema)
}

/** Each definition refers to the next one twice: inlined, the schema doubles per level (2^40 positions). */
function refBomb(levels: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = { [`D${levels}`]: { type: 'string' } }
  for (let level = 0; level < levels; level++) {
    $defs[`D${level}`] = {
      type: 'object',
      properties: { left: { $ref: `#/$defs/D${level + 1}` }, right: { $ref: `#/$defs/D${level + 1}` } },
      required: ['left', 'right'],
    }
  }
  return deepFreeze({ type: 'object', properties: { root: { $ref: '#/$defs/D0' } }, required: ['root'], $defs })
}

function countNodes(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0
  let count = 1
  for (const child of Object.values(value)) count += countNodes(child)
  return count
}

function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0
  let deepest = 0
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child))
  return deepest + 1
}

describe('hostile schemas: bounded, and still valid for the provider', () => {
  it.each(PROVIDER_NAMES)('%s: 10,000 levels of nesting are cut at the documented depth', (provider) => {
    const prepared = prepareToolSchema(deep(10_000), { provider })
    expect(checkProviderSchema(prepared.schema, provider)).toEqual([])
    expect(depthOf(prepared.schema)).toBeLessThan(64 * 3 + 8)
    expect(JSON.stringify(prepared.schema)).toContain(
      provider === 'openai-strict' ? 'nested deeper than 10 objects' : 'nested deeper than 64 levels',
    )
    expect(() => prepared.restoreArgs('{"a":{"a":{"a":1}}}')).not.toThrow()
  })

  it.each(PROVIDER_NAMES.filter((provider) => provider === 'gemini' || provider === 'openai-strict'))(
    '%s: a reference bomb is inlined within the size budget',
    (provider) => {
      const prepared = prepareToolSchema(refBomb(40), { provider })
      expect(checkProviderSchema(prepared.schema, provider)).toEqual([])
      expect(countNodes(prepared.schema)).toBeLessThan(10_000 * 4)
      expect(JSON.stringify(prepared.schema)).toContain('the schema exceeds 10000 positions')
    },
  )

  it.each(PROVIDER_NAMES)('%s: a union of 20,000 branches is prepared', (provider) => {
    const wide = deepFreeze({
      type: 'object',
      properties: { pick: { anyOf: Array.from({ length: 20_000 }, (_, index) => ({ const: `v${index}` })) } },
      required: ['pick'],
    })
    const prepared = prepareToolSchema(wide, { provider })
    expect(checkProviderSchema(prepared.schema, provider)).toEqual([])
    expect(prepared.restoreArgs('{"pick":"v7"}')).toEqual({ pick: 'v7' })
  })

  it.each(PROVIDER_NAMES)(
    '%s: a schema object that contains itself (twice) is prepared within the budgets',
    (provider) => {
      const cyclic: Record<string, unknown> = { type: 'object', properties: { x: { type: 'string' } } }
      const properties = cyclic.properties as Record<string, unknown>
      properties.self = cyclic
      properties.other = cyclic
      const prepared = prepareToolSchema(cyclic, { provider })
      expect(checkProviderSchema(prepared.schema, provider)).toEqual([])
      expect(prepared.restoreArgs('{"self":{"self":{"x":"1"}}}')).toEqual({ self: { self: { x: '1' } } })
    },
  )

  it('a ref bomb is left as references where the provider takes them', () => {
    const bomb = refBomb(40)
    expect(prepareToolSchema(bomb, { provider: 'anthropic' }).schema).toBe(bomb)
  })

  it.each(PROVIDER_NAMES)(
    '%s: arguments for a ref bomb are restored and put in model form without blowing up',
    (provider) => {
      const prepared = prepareToolSchema(refBomb(40), { provider })
      let args: unknown = 'leaf'
      // Ten levels (2,048 leaves), built as a tree as JSON text gives it.
      for (let level = 0; level < 10; level++) args = JSON.parse(JSON.stringify({ left: args, right: args }))
      const modelForm = prepared.toModelArgs({ root: args })
      expect(prepared.restoreArgs(modelForm)).toEqual({ root: args })
    },
  )
})

describe('hostile arguments', () => {
  const schema = deepFreeze({
    type: 'object',
    properties: { 'a b': { type: 'object' }, list: { type: 'array', items: {} } },
  })
  const deepText = `{"a_b":${'['.repeat(10_000)}${']'.repeat(10_000)},"list":${'['.repeat(10_000)}${']'.repeat(10_000)}}`

  it.each(PROVIDER_NAMES)('%s: 10,000 levels of nesting in the arguments neither throw nor overflow', (provider) => {
    const prepared = prepareToolSchema(schema, { provider })
    expect(() => prepared.restoreArgs(deepText)).not.toThrow()
    expect(() => prepared.restoreArgsWithPatch(deepText)).not.toThrow()
    expect(() => prepared.toModelArgs(JSON.parse(deepText))).not.toThrow()
  })

  it.each(PROVIDER_NAMES)('%s: a getter that throws comes back as it was', (provider) => {
    const args = Object.defineProperty({}, 'a_b', {
      enumerable: true,
      get: () => {
        throw new Error('hostile')
      },
    })
    const prepared = prepareToolSchema(schema, { provider })
    expect(prepared.restoreArgs(args)).toBe(args)
    expect(prepared.toModelArgs(args)).toBe(args)
  })
})
