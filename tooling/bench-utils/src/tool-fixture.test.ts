import { describe, expect, it } from 'vitest'
import { renamedToolArgs } from './renamed-tool-args.js'
import { renamedToolSchema } from './renamed-tool-schema.js'
import { toolArgs } from './tool-args.js'
import { toolSchema } from './tool-schema.js'

const renamed = { 'search query': 'query', 'dry run': 'dryRun', 'created~gte': 'since', 'max price': 'maxPrice' }
const sanitized = { search_query: 'query', dry_run: 'dryRun', created_gte: 'since', max_price: 'maxPrice' }

function renameBack<Value>(record: Record<string, Value>, names: Record<string, string>): Record<string, Value> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [names[key] ?? key, value]))
}

describe('the shared tool fixture', () => {
  it.each([
    ['toolSchema', toolSchema],
    ['toolArgs', toolArgs],
    ['renamedToolSchema', renamedToolSchema],
    ['renamedToolArgs', renamedToolArgs],
  ] as const)('%s gives a new object on every call, sharing nothing', (_name, make) => {
    const first = make() as Record<string, unknown>
    const second = make() as Record<string, unknown>
    expect(second).toEqual(first)
    expect(second).not.toBe(first)
    const address = (value: Record<string, unknown>): unknown =>
      (value['$defs'] as Record<string, unknown> | undefined)?.['Address'] ?? value['address']
    expect(address(second)).not.toBe(address(first))
  })

  it('toolArgs sends exactly the five scalars limit, offset, verbose, ratio, dryRun as strings', () => {
    const { properties } = toolSchema()
    const stringly = Object.entries(toolArgs())
      .filter(([key, value]) => typeof value === 'string' && properties[key]!['type'] !== 'string')
      .map(([key]) => key)
    expect(stringly).toEqual(['limit', 'offset', 'verbose', 'ratio', 'dryRun'])
  })

  it('renamedToolSchema is toolSchema with the five names replaced in place, required and Address included', () => {
    const schema = renamedToolSchema()
    const address = schema.$defs['Address']!
    expect({
      ...schema,
      properties: renameBack(schema.properties, renamed),
      required: schema.required.map((name) => renamed[name as keyof typeof renamed] ?? name),
      $defs: {
        ...schema.$defs,
        Address: {
          ...address,
          properties: renameBack(address['properties'] as Record<string, unknown>, { 'zip code': 'zip' }),
        },
      },
    }).toEqual(toolSchema())
    expect(Object.keys(schema.properties)).toEqual(
      Object.keys(toolSchema().properties).map(
        (name) => Object.entries(renamed).find(([, from]) => from === name)?.[0] ?? name,
      ),
    )
  })

  it('renamedToolArgs is toolArgs under the sanitized names, in the same order', () => {
    const args = renamedToolArgs()
    expect(Object.keys(args)).toEqual(
      Object.keys(toolArgs()).map((name) => Object.entries(sanitized).find(([, from]) => from === name)?.[0] ?? name),
    )
    const back = renameBack(args, sanitized)
    expect({ ...back, address: renameBack(back['address'] as Record<string, unknown>, { zip_code: 'zip' }) }).toEqual(
      toolArgs(),
    )
  })

  it('the sanitized names are the renamed ones with every character outside [A-Za-z0-9_.-] as _', () => {
    expect(Object.keys(renamed).map((name) => name.replace(/[^A-Za-z0-9_.-]/g, '_'))).toEqual(Object.keys(sanitized))
  })
})
