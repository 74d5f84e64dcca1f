// Real generator output (src/fixtures/, each file says which generator and
// version produced it): the `$ref` shapes that hide tool argument types.
import { readFileSync } from 'node:fs'
import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { createRefResolver } from './create-ref-resolver.js'
import { resolveLocalSchemaRef } from './resolve-local-schema-ref.js'
import { walkSchema } from './test-support/walk-schema.js'

type Json = Record<string, unknown>

function fixture(name: string): Record<string, unknown> {
  const file = JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Json
  return deepFreeze(file['schemas'] as Json)
}

/** The value at `keys` below `value` (fixture navigation; throws if absent so a changed fixture fails loudly). */
function dig(value: unknown, ...keys: Array<string | number>): unknown {
  let current = value
  for (const key of keys) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key))
      throw new Error(`fixture has no ${keys.join('/')}`)
    current = (current as Json)[key]
  }
  return current
}

/** Counts the nodes a schema-only walker visits and the branches it stops. */
function walk(root: unknown): { visits: number; stopped: number } {
  const { visits, stopped } = walkSchema(createRefResolver(root), root)
  return { visits, stopped }
}

describe('pydantic v2', () => {
  const { customer, tree } = fixture('pydantic-v2')
  const address = dig(customer, '$defs', 'Address')

  it('keeps the field description beside a $ref to a model', () => {
    expect(resolveLocalSchemaRef(customer, dig(customer, 'properties', 'billing'))).toEqual({
      ...(address as Json),
      description: 'Where invoices go',
    })
  })

  it('resolves every use of a repeated sub-model to the one $defs entry', () => {
    expect(resolveLocalSchemaRef(customer, dig(customer, 'properties', 'shipping', 'anyOf', 0))).toBe(address)
    expect(resolveLocalSchemaRef(customer, dig(customer, 'properties', 'previous', 'items'))).toBe(address)
  })

  it('leaves the null branch of an Optional and a field without $ref as they are', () => {
    const nullBranch = dig(customer, 'properties', 'shipping', 'anyOf', 1)
    const limit = dig(customer, 'properties', 'limit')
    expect(resolveLocalSchemaRef(customer, nullBranch)).toBe(nullBranch)
    expect(resolveLocalSchemaRef(customer, limit)).toBe(limit)
  })

  it('resolves a recursive model whose root is a $ref, keeping $defs beside it', () => {
    expect(resolveLocalSchemaRef(tree, tree)).toEqual({
      $defs: dig(tree, '$defs'),
      ...(dig(tree, '$defs', 'TreeNode') as Json),
    })
  })

  it('walks the recursive tree model, stopping each branch that re-enters TreeNode', () => {
    expect(walk(tree)).toEqual({ visits: 7, stopped: 2 })
  })
})

describe('zod-to-json-schema', () => {
  const { filters, filtersWithDescription, recursive, named } = fixture('zod-to-json-schema')

  it('resolves a schema reused twice to its first occurrence, through anyOf by index', () => {
    const max = dig(filters, 'properties', 'max')
    expect(max).toEqual({ $ref: '#/properties/limit/anyOf/0' })
    expect(resolveLocalSchemaRef(filters, max)).toBe(dig(filters, 'properties', 'limit', 'anyOf', 0))
  })

  it('resolves a reused object schema to the items of its first occurrence', () => {
    expect(resolveLocalSchemaRef(filters, dig(filters, 'properties', 'primary'))).toBe(
      dig(filters, 'properties', 'tags', 'items'),
    )
  })

  it('resolves refs into the properties of a sibling property', () => {
    const color = dig(filtersWithDescription, 'properties', 'second', 'properties', 'color')
    expect(resolveLocalSchemaRef(filtersWithDescription, color)).toBe(
      dig(filtersWithDescription, 'properties', 'first', 'properties', 'color'),
    )
  })

  it('resolves through a named root whose $ref sits beside definitions and $schema', () => {
    const resolved = resolveLocalSchemaRef(named, named)
    expect(dig(resolved, 'type')).toBe('object')
    expect(dig(resolved, '$schema')).toBe(dig(named, '$schema'))
    expect(resolveLocalSchemaRef(named, dig(resolved, 'properties', 'max'))).toBe(
      dig(resolved, 'properties', 'limit', 'anyOf', 0),
    )
  })

  it('walks a z.lazy recursion that points back at #/properties/root, stopping the branch that re-enters it', () => {
    const root = dig(recursive, 'properties', 'root')
    expect(resolveLocalSchemaRef(recursive, dig(root, 'properties', 'sub', 'items'))).toBe(root)
    // The literal root object is walked once, then once more through the
    // ref, whose own re-entry is the one branch stopped.
    expect(walk(recursive)).toEqual({ visits: 8, stopped: 1 })
  })
})
