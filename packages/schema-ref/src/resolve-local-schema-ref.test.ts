import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { resolveLocalSchemaRef } from './resolve-local-schema-ref.js'

const integer = { type: 'integer' }
const root = deepFreeze({
  $defs: {
    Id: { type: 'integer', description: 'row id' },
    'percent%field': { type: 'number' },
    'tilde~field': { type: 'boolean' },
    'slash/field': { type: 'null' },
    'foo"bar': { type: 'string' },
    'space field': { const: 1 },
    é: { const: 2 },
    '': { const: 3 },
    yes: true,
    no: false,
    count: 3,
    label: 'x',
    list: [integer],
    nothing: null,
    a: { $ref: '#/$defs/b', description: 'from a' },
    b: { $ref: '#/$defs/c', title: 'from b' },
    c: { type: 'string', title: 'from c' },
    toBool: { $ref: '#/$defs/yes' },
  },
  definitions: { Legacy: { type: 'object' } },
  properties: { limit: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] } },
  prefixItems: [{ type: 'string' }],
  items: [{ enum: ['a'] }],
})
const defs = root.$defs

describe('pointers', () => {
  it.each([
    ['#/$defs/Id', defs.Id],
    ['#/definitions/Legacy', root.definitions.Legacy],
    ['#/properties/limit/anyOf/0', root.properties.limit.anyOf[0]],
    ['#/prefixItems/0', root.prefixItems[0]],
    ['#/items/0', root.items[0]],
    ['#/$defs/percent%25field', defs['percent%field']],
    ['#/$defs/tilde~0field', defs['tilde~field']],
    ['#/$defs/slash~1field', defs['slash/field']],
    ['#/$defs/foo%22bar', defs['foo"bar']],
    ['#/$defs/space%20field', defs['space field']],
    ['#/$defs/%C3%A9', defs['é']],
    ['#/%24defs/Id', defs.Id],
    ['#/$defs/', defs['']],
    ['#', root],
  ])('%s designates the schema its RFC 6901 fragment designates (same object)', (ref, target) => {
    expect(resolveLocalSchemaRef(root, deepFreeze({ $ref: ref }))).toBe(target)
  })
})

describe('siblings', () => {
  it('keeps keywords only the $ref node has, lets the referenced schema win conflicts, drops $ref', () => {
    const node = deepFreeze({ $ref: '#/$defs/Id', description: 'mine', title: 'Id', default: 1, nullable: true })
    expect(resolveLocalSchemaRef(root, node)).toEqual({
      type: 'integer',
      description: 'row id',
      title: 'Id',
      default: 1,
      nullable: true,
    })
  })

  it('overlays every link of a chain, the schema nearer the end winning', () => {
    expect(resolveLocalSchemaRef(root, deepFreeze({ $ref: '#/$defs/a', default: 'z' }))).toEqual({
      default: 'z',
      description: 'from a',
      title: 'from c',
      type: 'string',
    })
  })

  it('returns a frozen object when it had to merge', () => {
    expect(Object.isFrozen(resolveLocalSchemaRef(root, deepFreeze({ $ref: '#/$defs/Id', title: 'Id' })))).toBe(true)
  })

  it('copies a sibling named __proto__ as data without touching any prototype', () => {
    const node = deepFreeze(JSON.parse('{"$ref":"#/$defs/Id","__proto__":{"polluted":true}}') as object)
    const result = resolveLocalSchemaRef(root, node) as Record<string, unknown>
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    expect(Object.hasOwn(result, '__proto__')).toBe(true)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})

describe('boolean targets', () => {
  it.each([
    ['#/$defs/yes', true],
    ['#/$defs/no', false],
    ['#/$defs/toBool', true],
  ])('%s resolves to the boolean schema itself, siblings dropped', (ref, expected) => {
    expect(resolveLocalSchemaRef(root, deepFreeze({ $ref: ref, description: 'lost' }))).toBe(expected)
  })
})

describe('left exactly as is', () => {
  it.each([
    ['a remote file', 'other.json#/$defs/Id'],
    ['a URL', 'https://example.com/schema.json'],
    ['a relative path', '$defs/Id'],
    ['the empty string', ''],
    ['a plain-name anchor', '#Address'],
    ['a bad ~ escape', '#/$defs/tilde~2field'],
    ['a trailing ~', '#/$defs/x~'],
    ['bad percent-encoding', '#/$defs/percent%zzfield'],
    ['truncated percent-encoding', '#/$defs/%E0%A4%A'],
    ['invalid UTF-8', '#/$defs/%C0%AF'],
    ['a dangling pointer', '#/$defs/Missing'],
    ['an index past the end', '#/prefixItems/1'],
    ['an index with a leading zero', '#/prefixItems/00'],
    ['the "-" index', '#/prefixItems/-'],
    ['a number target', '#/$defs/count'],
    ['a string target', '#/$defs/label'],
    ['an array target', '#/$defs/list'],
    ['a null target', '#/$defs/nothing'],
    ['an inherited property', '#/$defs/constructor'],
    ['an inherited __proto__', '#/$defs/__proto__'],
    ['an inherited method', '#/$defs/toString'],
    ['an array length', '#/prefixItems/length'],
  ])('%s (%s) returns the very same node', (_why, ref) => {
    const node = deepFreeze({ $ref: ref, description: 'kept' })
    expect(resolveLocalSchemaRef(root, node)).toBe(node)
  })

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 1],
    ['a string', '#/$defs/Id'],
    ['a boolean schema', true],
    ['an array', [{ $ref: '#/$defs/Id' }]],
    ['an object without $ref', { type: 'string' }],
    ['a non-string $ref', { $ref: 1 }],
    ['an inherited $ref', Object.create({ $ref: '#/$defs/Id' }) as object],
  ])('%s is returned unchanged', (_why, schema) => {
    expect(resolveLocalSchemaRef(root, schema)).toBe(schema)
  })

  it('returns a node unchanged whatever the root is when the root cannot hold the pointer', () => {
    const node = deepFreeze({ $ref: '#/$defs/Id' })
    for (const other of [undefined, null, 0, 'text', [], {}]) expect(resolveLocalSchemaRef(other, node)).toBe(node)
  })

  it('resolves "#" to a boolean root but leaves it as is for a non-schema root', () => {
    const node = deepFreeze({ $ref: '#' })
    expect(resolveLocalSchemaRef(false, node)).toBe(false)
    expect(resolveLocalSchemaRef([1], node)).toBe(node)
  })
})

describe('cycles', () => {
  const cyclic = deepFreeze({
    $defs: {
      self: { $ref: '#/$defs/self' },
      A: { $ref: '#/$defs/B', title: 'A' },
      B: { $ref: '#/$defs/A', title: 'B' },
      x: { $ref: '#/$defs/A' },
      encoded: { $ref: '#/%24defs/encoded' },
    },
  })

  it.each(['#/$defs/self', '#/$defs/A', '#/$defs/B', '#/$defs/x', '#/$defs/encoded'])(
    'a chain from %s that loops returns the very same node, $ref included',
    (ref) => {
      const node = deepFreeze({ $ref: ref, description: 'kept' })
      expect(resolveLocalSchemaRef(cyclic, node)).toBe(node)
    },
  )

  it('a root that refers to itself is returned unchanged', () => {
    const selfRoot = deepFreeze({ $ref: '#', type: 'object' })
    expect(resolveLocalSchemaRef(selfRoot, selfRoot)).toBe(selfRoot)
  })
})

describe('document-local only', () => {
  it('a nested $id does not change what #/... means', () => {
    const withId = deepFreeze({
      $id: 'https://example.com/root.json',
      $defs: { inner: { type: 'string' } },
      properties: {
        foo: { $id: 'https://example.com/other.json', $defs: { inner: { type: 'number' } }, $ref: '#/$defs/inner' },
      },
    })
    expect(resolveLocalSchemaRef(withId, withId.properties.foo)).toEqual({
      $id: 'https://example.com/other.json',
      $defs: { inner: { type: 'number' } },
      type: 'string',
    })
  })
})

describe('hostile documents', () => {
  it('follows a 10,000-long chain without recursion', () => {
    const chain: Record<string, unknown> = {}
    for (let index = 0; index < 10_000; index++) chain[`d${index}`] = { $ref: `#/$defs/d${index + 1}` }
    chain['d10000'] = integer
    const long = deepFreeze({ $defs: chain })
    expect(resolveLocalSchemaRef(long, { $ref: '#/$defs/d0' })).toBe(integer)
  })

  it('returns a 10,000-long chain that ends in a cycle unchanged', () => {
    const chain: Record<string, unknown> = {}
    for (let index = 0; index < 10_000; index++) chain[`d${index}`] = { $ref: `#/$defs/d${index + 1}` }
    chain['d10000'] = { $ref: '#/$defs/d5000' }
    const node = { $ref: '#/$defs/d0' }
    expect(resolveLocalSchemaRef(deepFreeze({ $defs: chain }), node)).toBe(node)
  })

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype'])(
    '#/$defs/%s resolves to an own key of that name and never to a prototype member',
    (name) => {
      const own = deepFreeze(
        JSON.parse(`{"$defs":{"${name}":{"type":"string"}}}`) as { $defs: Record<string, unknown> },
      )
      expect(resolveLocalSchemaRef(own, { $ref: `#/$defs/${name}` })).toBe(own.$defs[name])
      const node = deepFreeze({ $ref: `#/$defs/${name}/prototype` })
      expect(resolveLocalSchemaRef(deepFreeze({ $defs: {} }), node)).toBe(node)
    },
  )

  it('never writes to Object.prototype', () => {
    const hostile = deepFreeze(
      JSON.parse('{"$defs":{"__proto__":{"polluted":1}},"__proto__":{"$ref":"#/$defs/__proto__","x":1}}') as object,
    )
    const node = JSON.parse('{"$ref":"#/$defs/__proto__","__proto__":{"y":2}}') as object
    resolveLocalSchemaRef(hostile, node)
    resolveLocalSchemaRef(hostile, (hostile as Record<string, unknown>)['__proto__'])
    expect(Object.keys(Object.prototype)).toEqual([])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(({} as Record<string, unknown>)['y']).toBeUndefined()
  })
})
