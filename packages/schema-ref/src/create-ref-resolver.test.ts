import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { createRefResolver } from './create-ref-resolver.js'
import type { RefPath } from './types.js'
import { resolveLocalSchemaRef } from './resolve-local-schema-ref.js'
import { walkSchema } from './test-support/walk-schema.js'

const root = deepFreeze({
  $defs: {
    Id: { type: 'integer' },
    a: { $ref: '#/$defs/b', description: 'a' },
    b: { $ref: '#/$defs/Id', title: 'b' },
    self: { $ref: '#/$defs/self' },
  },
})

function pathRefs(path: RefPath | undefined): string[] {
  const refs: string[] = []
  for (let entry = path; entry !== undefined; entry = entry.parent) refs.push(entry.ref)
  return refs.reverse()
}

describe('createRefResolver', () => {
  it('returns the same resolver for the same root object', () => {
    expect(createRefResolver(root)).toBe(createRefResolver(root))
    expect(createRefResolver(root).root).toBe(root)
  })

  it('binds a distinct resolver to a distinct root, even an equal one', () => {
    expect(createRefResolver(deepFreeze({ ...root }))).not.toBe(createRefResolver(root))
  })

  it('accepts roots that are not objects', () => {
    const node = deepFreeze({ $ref: '#' })
    expect(createRefResolver(true).resolve(node)).toBe(true)
    expect(createRefResolver(undefined).resolve(node)).toBe(node)
  })
})

describe('resolve', () => {
  it.each([
    { $ref: '#/$defs/Id' },
    { $ref: '#/$defs/a', default: 1 },
    { $ref: '#/$defs/self' },
    { $ref: 'remote.json' },
    { type: 'string' },
    null,
  ])('answers exactly as resolveLocalSchemaRef (%j)', (schema) => {
    const frozen = deepFreeze(schema)
    const fresh = createRefResolver(deepFreeze(structuredClone(root)))
    expect(fresh.resolve(frozen)).toEqual(resolveLocalSchemaRef(root, frozen))
  })

  it('returns the very same merged object when the same node is resolved again', () => {
    const resolver = createRefResolver(root)
    const node = deepFreeze({ $ref: '#/$defs/a', default: 1 })
    expect(resolver.resolve(node)).toBe(resolver.resolve(node))
  })

  it('returns the same target for two nodes that carry the same ref and no siblings', () => {
    const resolver = createRefResolver(root)
    expect(resolver.resolve({ $ref: '#/$defs/a' })).toBe(resolver.resolve({ $ref: '#/$defs/a' }))
  })

  it('freezes merged results so a caller cannot corrupt later answers', () => {
    const resolver = createRefResolver(root)
    const merged = resolver.resolve(deepFreeze({ $ref: '#/$defs/a' })) as Record<string, unknown>
    expect(Object.isFrozen(merged)).toBe(true)
    expect(() => {
      merged['type'] = 'string'
    }).toThrow(TypeError)
    expect(resolver.resolve({ $ref: '#/$defs/a', x: 1 })).toEqual({
      x: 1,
      description: 'a',
      title: 'b',
      type: 'integer',
    })
  })

  it('never mutates the root or the node', () => {
    const document = { $defs: { Id: { type: 'integer' }, a: { $ref: '#/$defs/Id', title: 'a' } } }
    const node = { $ref: '#/$defs/a', description: 'n' }
    const before = structuredClone({ document, node })
    createRefResolver(document).resolve(node)
    createRefResolver(document).resolveOnPath(node, undefined)
    expect({ document, node }).toEqual(before)
  })
})

describe('resolveOnPath', () => {
  const resolver = createRefResolver(root)
  const outer: RefPath = { ref: '#/$defs/outer', parent: undefined }

  it.each([
    ['a node without $ref', { type: 'string' }],
    ['a non-object', 3],
    ['an out-of-scope ref', { $ref: 'remote.json' }],
    ['a ref whose chain loops', { $ref: '#/$defs/self' }],
  ])('returns %s unchanged with the very same path', (_why, schema) => {
    const frozen = deepFreeze(schema)
    const result = resolver.resolveOnPath(frozen, outer)
    expect(result?.schema).toBe(frozen)
    expect(result?.path).toBe(outer)
  })

  it('extends the path with the ref it entered', () => {
    const node = deepFreeze({ $ref: '#/$defs/Id' })
    const result = resolver.resolveOnPath(node, outer)
    expect(result?.schema).toBe(root.$defs.Id)
    expect(result?.path?.parent).toBe(outer)
    expect(pathRefs(result?.path)).toEqual(['#/$defs/outer', '#/$defs/Id'])
  })

  it('extends the path with every ref of a chain, in the order entered, and resolves as resolve does', () => {
    const node = deepFreeze({ $ref: '#/$defs/a' })
    const result = resolver.resolveOnPath(node, undefined)
    expect(result?.schema).toBe(resolver.resolve(node))
    expect(pathRefs(result?.path)).toEqual(['#/$defs/a', '#/$defs/b', '#/$defs/Id'])
  })

  it.each(['#/$defs/a', '#/$defs/b', '#/$defs/Id'])(
    'returns undefined when %s of the chain is already on the path',
    (ref) => {
      const path: RefPath = { ref, parent: outer }
      expect(resolver.resolveOnPath(deepFreeze({ $ref: '#/$defs/a' }), path)).toBeUndefined()
    },
  )

  it('checks a 10,000-long chain against a 10,000-deep path', () => {
    const chain: Record<string, unknown> = {}
    for (let index = 0; index < 10_000; index++) chain[`d${index}`] = { $ref: `#/$defs/d${index + 1}` }
    chain['d10000'] = { type: 'integer' }
    const long = createRefResolver(deepFreeze({ $defs: chain }))
    const entered = long.resolveOnPath({ $ref: '#/$defs/d0' }, undefined)
    expect(pathRefs(entered?.path)).toHaveLength(10_001)
    expect(long.resolveOnPath({ $ref: '#/$defs/d9000' }, entered?.path)).toBeUndefined()
    expect(long.resolveOnPath({ $ref: '#/$defs/d0' }, { ref: '#/$defs/elsewhere', parent: undefined })?.schema).toEqual(
      {
        type: 'integer',
      },
    )
  })
})

describe('walking recursive unions', () => {
  const union = deepFreeze({
    $defs: {
      T: {
        anyOf: [
          { $ref: '#/$defs/T' },
          { type: 'object', properties: { a: { $ref: '#/$defs/T' }, b: { $ref: '#/$defs/T' } } },
        ],
      },
    },
  })

  it('stops each branch that re-enters T, so the recursive union takes five visits', () => {
    expect(walkSchema(createRefResolver(union), { $ref: '#/$defs/T' })).toEqual({ visits: 5, stopped: 3, leaves: [] })
  })

  it('keeps the other alternatives of a union alive when one branch re-enters itself', () => {
    const mutual = deepFreeze({
      $defs: {
        A: { anyOf: [{ $ref: '#/$defs/B' }, { type: 'string' }] },
        B: { anyOf: [{ $ref: '#/$defs/A' }, { type: 'integer' }] },
      },
    })
    expect(walkSchema(createRefResolver(mutual), { $ref: '#/$defs/A' })).toEqual({
      visits: 5,
      stopped: 1,
      leaves: ['integer', 'string'],
    })
  })

  it('walks a value 200 levels deep through the union in linear steps when the path restarts at each child value', () => {
    let value: unknown = 1
    for (let depth = 0; depth < 200; depth++) value = { a: value }
    const resolver = createRefResolver(union)
    // A value-guided walker (what arg-coerce does): the finite value bounds
    // the depth, so the path is carried only across union branches of one
    // value and restarts when the walk descends into a child value.
    const stack: Array<{ value: unknown; schema: unknown; path: RefPath | undefined }> = [
      { value, schema: { $ref: '#/$defs/T' }, path: undefined },
    ]
    let visits = 0
    let deepest = 0
    let level = 0
    while (stack.length > 0) {
      const step = stack.pop()!
      visits++
      const resolved = resolver.resolveOnPath(step.schema, step.path)
      if (resolved === undefined) continue
      const node = resolved.schema as Record<string, unknown>
      const branches = node['anyOf']
      if (Array.isArray(branches))
        for (const branch of branches) stack.push({ ...step, schema: branch, path: resolved.path })
      const properties = node['properties'] as Record<string, unknown> | undefined
      if (properties && typeof step.value === 'object' && step.value !== null) {
        level++
        deepest = Math.max(deepest, level)
        for (const [key, child] of Object.entries(step.value)) {
          if (Object.hasOwn(properties, key)) stack.push({ value: child, schema: properties[key], path: undefined })
        }
      }
    }
    expect(deepest).toBe(200)
    expect(visits).toBe(3 * 200 + 3)
  })
})
