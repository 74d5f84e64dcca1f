import { describe, expect, it } from 'vitest'
import { deepFreeze } from '@x/test-utils'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import { unmapArgKeys } from './unmap-arg-keys.js'
import { cloudflareSecurityInsights, mcpUserName, pydanticTeam, zodAddresses } from './fixtures/real-schemas.js'

type Json = Record<string, unknown>
const object = (properties: Json, extra: Json = {}): Json => ({ type: 'object', properties, ...extra })

describe('unmapArgKeys: real reports', () => {
  it('restores a pydantic alias behind $defs: person.first_name reaches the tool as first name', () => {
    expect(unmapArgKeys(pydanticTeam, deepFreeze({ person: { first_name: 'Ada' }, team_members: [] }))).toEqual({
      person: { 'first name': 'Ada' },
      'team members': [],
    })
  })

  it('restores names in nested arrays of referenced objects', () => {
    const args = deepFreeze({
      person: { first_name: 'Ada' },
      team_members: [[{ first_name: 'Grace', last_name: 'Hopper' }], [{ first_name: 'Alan' }]],
    })
    expect(unmapArgKeys(pydanticTeam, args)).toEqual({
      person: { 'first name': 'Ada' },
      'team members': [[{ 'first name': 'Grace', 'last name': 'Hopper' }], [{ 'first name': 'Alan' }]],
    })
  })

  it('restores names inside an Optional sub-model (anyOf [$ref, null]) and leaves null alone', () => {
    expect(unmapArgKeys(pydanticTeam, deepFreeze({ lead: { first_name: 'Ada' } }))).toEqual({
      lead: { 'first name': 'Ada' },
    })
    const none = deepFreeze({ lead: null })
    expect(unmapArgKeys(pydanticTeam, none)).toBe(none)
  })

  it("restores Cloudflare's operator keys (issue_class~neq, meta.<field>[<operator>]) and filters[] items behind $ref", () => {
    const args = deepFreeze({
      account_id: 'acc',
      issue_class: 'a',
      issue_class_neq: ['b'],
      'meta._field___operator__': 'v',
      filters__: [{ field_name: 'zone', op_: 'eq', value: 1 }],
    })
    expect(unmapArgKeys(cloudflareSecurityInsights, args)).toEqual({
      account_id: 'acc',
      issue_class: 'a',
      'issue_class~neq': ['b'],
      'meta.<field>[<operator>]': 'v',
      'filters[]': [{ 'field name': 'zone', 'op~': 'eq', value: 1 }],
    })
  })

  it('restores "user name"', () => {
    expect(unmapArgKeys(mcpUserName, deepFreeze({ user_name: 'ada', limit: 3 }))).toEqual({
      'user name': 'ada',
      limit: 3,
    })
  })

  it("follows zod-to-json-schema's #/properties/home address reuse ref", () => {
    const address = { street_name: 'Main', zip_code: '1' }
    expect(
      unmapArgKeys(
        zodAddresses,
        deepFreeze({ home_address: address, work_address: address, filters__: ['x'], page_size: 2 }),
      ),
    ).toEqual({
      'home address': { 'street name': 'Main', 'zip/code': '1' },
      'work address': { 'street name': 'Main', 'zip/code': '1' },
      'filters[]': ['x'],
      'page size': 2,
    })
  })
})

describe('unmapArgKeys: where names are restored', () => {
  const ab = object({ 'a b': {} })

  it.each<[string, Json, Json, Json]>([
    [
      'prefixItems',
      object({ t: { prefixItems: [ab, object({ 'c d': {} })] } }),
      { t: [{ a_b: 1 }, { c_d: 2 }] },
      { t: [{ 'a b': 1 }, { 'c d': 2 }] },
    ],
    [
      'prefixItems then items',
      object({ t: { prefixItems: [{}], items: ab } }),
      { t: [{ a_b: 0 }, { a_b: 1 }] },
      { t: [{ a_b: 0 }, { 'a b': 1 }] },
    ],
    [
      'draft 7 items tuple and additionalItems',
      object({ t: { items: [ab], additionalItems: object({ 'c d': {} }) } }),
      { t: [{ a_b: 1 }, { c_d: 2 }] },
      { t: [{ 'a b': 1 }, { 'c d': 2 }] },
    ],
    ['additionalProperties', object({}, { additionalProperties: ab }), { any: { a_b: 1 } }, { any: { 'a b': 1 } }],
    [
      'patternProperties',
      object({}, { patternProperties: { '^x-': ab } }),
      { 'x-1': { a_b: 1 }, y: { a_b: 2 } },
      { 'x-1': { 'a b': 1 }, y: { a_b: 2 } },
    ],
    [
      'allOf members',
      { allOf: [object({ 'a b': {} }), object({ 'c d': {} })] },
      { a_b: 1, c_d: 2 },
      { 'a b': 1, 'c d': 2 },
    ],
    [
      'a property declared in two allOf members',
      { allOf: [object({ 'o p': object({ 'a b': {} }) }), object({ 'o p': object({ 'c d': {} }) })] },
      { o_p: { a_b: 1, c_d: 2 } },
      { 'o p': { 'a b': 1, 'c d': 2 } },
    ],
    [
      'a $ref with a sibling description',
      { $defs: { X: ab }, ...object({ x: { $ref: '#/$defs/X', description: 'd' } }) },
      { x: { a_b: 1 } },
      { x: { 'a b': 1 } },
    ],
    [
      'a $ref chain',
      { $defs: { X: { $ref: '#/$defs/Y' }, Y: ab }, ...object({ x: { $ref: '#/$defs/X' } }) },
      { x: { a_b: 1 } },
      { x: { 'a b': 1 } },
    ],
    [
      'draft 7 definitions',
      { definitions: { X: ab }, ...object({ 'x y': { $ref: '#/definitions/X' } }) },
      { x_y: { a_b: 1 } },
      { 'x y': { 'a b': 1 } },
    ],
    [
      'a property named properties',
      object({ properties: ab, $ref: {} }),
      { properties: { a_b: 1 }, _ref: 2 },
      { properties: { 'a b': 1 }, $ref: 2 },
    ],
    [
      'top-level arguments that are an array',
      { type: 'array', items: ab },
      [{ a_b: 1 }] as unknown as Json,
      [{ 'a b': 1 }] as unknown as Json,
    ],
  ])('restores names through %s', (_position, schema, args, expected) => {
    expect(unmapArgKeys(deepFreeze(schema), deepFreeze(args))).toEqual(expected)
  })
})

describe('unmapArgKeys: the renames sanitizeToolSchema chose', () => {
  it('restores collision suffixes: a__2 and a__3 go back to a! and a?, a_ stays', () => {
    const schema = deepFreeze(object({ 'a!': {}, 'a?': {}, a_: {} }))
    expect(Object.keys((sanitizeToolSchema(schema) as { properties: Json }).properties)).toEqual(['a__2', 'a__3', 'a_'])
    expect(unmapArgKeys(schema, deepFreeze({ a_: 3, a__3: 2, a__2: 1 }))).toEqual({ a_: 3, 'a?': 2, 'a!': 1 })
  })

  it('restores names longer than 64 characters that were cut and suffixed', () => {
    const long = 'field '.repeat(12)
    const schema = deepFreeze(object({ [long + 'one']: {}, [long + 'two']: {} }))
    const names = Object.keys((sanitizeToolSchema(schema) as { properties: Json }).properties)
    expect(names.map((key) => key.length)).toEqual([64, 64])
    expect(unmapArgKeys(schema, deepFreeze({ [names[0]!]: 1, [names[1]!]: 2 }))).toEqual({
      [long + 'one']: 1,
      [long + 'two']: 2,
    })
  })

  it('restores empty and unicode names', () => {
    const schema = deepFreeze(object({ '': {}, prénom: {}, 名前: {} }))
    expect(unmapArgKeys(schema, deepFreeze({ param: 1, pr_nom: 2, __: 3 }))).toEqual({ '': 1, prénom: 2, 名前: 3 })
  })
})

describe('unmapArgKeys: unions', () => {
  const union = deepFreeze({
    anyOf: [object({ 'first name': {}, 'last name': {} }), object({ 'org name': {}, 'first-name': {} })],
  })

  it('chooses the branch whose names match the value', () => {
    expect(unmapArgKeys(union, deepFreeze({ org_name: 'x' }))).toEqual({ 'org name': 'x' })
    expect(unmapArgKeys(union, deepFreeze({ first_name: 'a', last_name: 'b' }))).toEqual({
      'first name': 'a',
      'last name': 'b',
    })
  })

  it('tells apart two branches whose different names sanitize alike, by the other keys', () => {
    const schema = deepFreeze({ oneOf: [object({ 'a b': {}, x: {} }), object({ 'a!b': {}, y: {} })] })
    expect(unmapArgKeys(schema, deepFreeze({ a_b: 1, y: 2 }))).toEqual({ 'a!b': 1, y: 2 })
    expect(unmapArgKeys(schema, deepFreeze({ a_b: 1, x: 2 }))).toEqual({ 'a b': 1, x: 2 })
  })

  it('looks into a union of unions (zod: anyOf [anyOf [...], null]) to choose', () => {
    const schema = deepFreeze(
      object({ v: { anyOf: [{ anyOf: [object({ 'a b': {} }), object({ 'c d': {} })] }, { type: 'null' }] } }),
    )
    expect(unmapArgKeys(schema, deepFreeze({ v: { c_d: 1 } }))).toEqual({ v: { 'c d': 1 } })
  })

  it('takes the first branch on a tie', () => {
    const schema = deepFreeze({ anyOf: [object({ 'a b': {} }), object({ 'a!b': {} })] })
    expect(unmapArgKeys(schema, deepFreeze({ a_b: 1 }))).toEqual({ 'a b': 1 })
  })

  it('treats then / else as the alternatives of if', () => {
    const schema = deepFreeze({
      if: object({ kind: { const: 'p' } }),
      then: object({ 'first name': {} }),
      else: object({ 'org name': {} }),
    })
    expect(unmapArgKeys(schema, deepFreeze({ kind: 'o', org_name: 'x' }))).toEqual({ kind: 'o', 'org name': 'x' })
  })

  it('uses the first branch that describes arrays for an array value', () => {
    const schema = deepFreeze(
      object({ v: { anyOf: [{ type: 'string' }, { type: 'array', items: object({ 'a b': {} }) }] } }),
    )
    expect(unmapArgKeys(schema, deepFreeze({ v: [{ a_b: 1 }] }))).toEqual({ v: [{ 'a b': 1 }] })
  })

  it('survives a union branch that re-enters its own definition', () => {
    const schema = deepFreeze({
      $defs: { A: { anyOf: [{ $ref: '#/$defs/A' }, object({ 'a b': {} })] } },
      $ref: '#/$defs/A',
    })
    expect(unmapArgKeys(schema, deepFreeze({ a_b: 1 }))).toEqual({ 'a b': 1 })
  })
})

describe('unmapArgKeys: keys that are not renamed forms', () => {
  const schema = deepFreeze(object({ 'first name': {}, nested: object({ 'a b': {} }) }))

  it('passes an unknown key through', () => {
    expect(unmapArgKeys(schema, deepFreeze({ extra: 1, first_name: 'a' }))).toEqual({ extra: 1, 'first name': 'a' })
  })

  it('never overwrites the original spelling: both arrive, the original keeps its name and the renamed form stays as it came', () => {
    const args = deepFreeze({ first_name: 'renamed', 'first name': 'original' })
    const result = unmapArgKeys(schema, args)
    expect(result).toBe(args)
    expect(result).toEqual({ first_name: 'renamed', 'first name': 'original' })
  })

  it('keeps the order of the keys', () => {
    expect(Object.keys(unmapArgKeys(schema, deepFreeze({ z: 1, first_name: 'a', a: 2 })))).toEqual([
      'z',
      'first name',
      'a',
    ])
  })

  it('leaves values alone below a $ref cycle, a remote ref or a ref to true', () => {
    const cyclic = deepFreeze({
      $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' }, T: true, AB: object({ 'a b': {} }) },
      ...object({
        c: { $ref: '#/$defs/A' },
        r: { $ref: 'https://x.test/s.json' },
        t: { $ref: '#/$defs/T' },
        'a b': {},
      }),
    })
    const args = deepFreeze({ c: { a_b: 1 }, r: { a_b: 1 }, t: { a_b: 1 }, a_b: 0 })
    expect(unmapArgKeys(cyclic, args)).toEqual({ c: { a_b: 1 }, r: { a_b: 1 }, t: { a_b: 1 }, 'a b': 0 })
  })
})

describe('unmapArgKeys: immutability and sharing', () => {
  const schema = deepFreeze(object({ 'a b': object({ 'c d': {} }), keep: object({ x: {} }) }))

  it('returns the very same arguments when nothing is renamed', () => {
    const args = deepFreeze({ keep: { x: 1 }, other: [1, 2] })
    expect(unmapArgKeys(schema, args)).toBe(args)
  })

  it('returns the very same arguments when the schema renames nothing', () => {
    const args = deepFreeze({ a: { b: 1 } })
    expect(unmapArgKeys(deepFreeze(object({ a: object({ b: {} }) })), args)).toBe(args)
  })

  it('shares untouched values by reference', () => {
    const args = deepFreeze({ a_b: { c_d: 1 }, keep: { x: 1 } })
    const result = unmapArgKeys(schema, args) as Json
    expect(result['keep']).toBe(args.keep)
    expect(result).toEqual({ 'a b': { 'c d': 1 }, keep: { x: 1 } })
  })

  it('restores names at every depth of a recursive schema', () => {
    const tree = deepFreeze({
      $defs: { Node: object({ 'node name': {}, 'child nodes': { type: 'array', items: { $ref: '#/$defs/Node' } } }) },
      $ref: '#/$defs/Node',
    })
    let args: Json = { node_name: 'leaf' }
    let expected: Json = { 'node name': 'leaf' }
    for (let level = 0; level < 20; level++) {
      args = { node_name: `n${level}`, child_nodes: [args] }
      expected = { 'node name': `n${level}`, 'child nodes': [expected] }
    }
    expect(unmapArgKeys(tree, deepFreeze(args))).toEqual(expected)
  })
})

describe('unmapArgKeys: caches', () => {
  it('finds renames reached only through a reference cycle whose members rename nothing themselves', () => {
    const schema = deepFreeze({
      $defs: {
        A: object({ b: { $ref: '#/$defs/B' }, d: { $ref: '#/$defs/D' } }),
        B: object({ a: { $ref: '#/$defs/A' } }),
        D: object({ 'x y': {} }),
      },
      $ref: '#/$defs/B',
    })
    expect(unmapArgKeys(schema, deepFreeze({ a: { b: { a: { d: { x_y: 1 } } } } }))).toEqual({
      a: { b: { a: { d: { 'x y': 1 } } } },
    })
  })

  it('gives the same answer for every key order, including orders evicted from the per-plan cache', () => {
    const schema = deepFreeze(object({ 'a b': {}, 'c d': {}, e: object({ 'f g': {} }) }))
    const orders = [
      ['a_b', 'c_d', 'e'],
      ['c_d', 'a_b', 'e'],
      ['e', 'a_b'],
      ['e'],
      ['c_d'],
      ['a_b', 'e', 'c_d'],
      ['a_b', 'c_d', 'e'],
    ]
    for (const order of orders) {
      const args = deepFreeze(Object.fromEntries(order.map((key) => [key, key === 'e' ? { f_g: 1 } : 1])))
      const expected = Object.fromEntries(
        order.map((key) => (key === 'e' ? ['e', { 'f g': 1 }] : [key.replace('_', ' '), 1])),
      )
      const result = unmapArgKeys(schema, args)
      expect(result).toEqual(expected)
      expect(Object.keys(result)).toEqual(Object.keys(expected))
    }
  })
})

describe('unmapArgKeys: repeated calls', () => {
  const schema = deepFreeze(object({ 'a b': {}, 'c d': {}, e: object({ 'f g': {} }) }))

  it('answers a repeated call with the same key order exactly as the first', () => {
    const args = deepFreeze({ a_b: 1, c_d: 2, e: { f_g: 3 } })
    const first = unmapArgKeys(schema, args)
    const second = unmapArgKeys(schema, args)
    expect(second).toEqual({ 'a b': 1, 'c d': 2, e: { 'f g': 3 } })
    expect(Object.keys(second)).toEqual(Object.keys(first))
    const untouched = deepFreeze({ e: { h: 1 } })
    expect(unmapArgKeys(schema, untouched)).toBe(untouched)
    expect(unmapArgKeys(schema, untouched)).toBe(untouched)
  })

  it('answers a call whose keys are a prefix or an extension of the previous order', () => {
    const calls: Array<[Json, Json]> = [
      [
        { a_b: 1, c_d: 2 },
        { 'a b': 1, 'c d': 2 },
      ],
      [{ a_b: 1 }, { 'a b': 1 }],
      [
        { a_b: 1, c_d: 2, e: { f_g: 3 } },
        { 'a b': 1, 'c d': 2, e: { 'f g': 3 } },
      ],
      [
        { a_b: 1, c_d: 2 },
        { 'a b': 1, 'c d': 2 },
      ],
      [{}, {}],
    ]
    for (const [args, expected] of calls) {
      const result = unmapArgKeys(schema, deepFreeze(args))
      expect(result).toEqual(expected)
      expect(Object.keys(result)).toEqual(Object.keys(expected))
    }
  })

  it('never copies an inherited enumerable key, even after a call with the same own keys', () => {
    expect(unmapArgKeys(schema, deepFreeze({ a_b: 1, c_d: 2 }))).toEqual({ 'a b': 1, 'c d': 2 })
    const args = Object.assign(Object.create({ e: { f_g: 9 }, c_d: 9 }) as Json, { a_b: 1, c_d: 2 })
    const result = unmapArgKeys(schema, args)
    expect(Object.keys(result)).toEqual(['a b', 'c d'])
    expect(result).toEqual({ 'a b': 1, 'c d': 2 })
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
  })

  it('gives each schema and each profile its own answer when calls alternate', () => {
    const dotted = deepFreeze(object({ 'a.b': {} }))
    for (let round = 0; round < 3; round++) {
      expect(unmapArgKeys(dotted, deepFreeze({ a_b: 1 }))).toEqual({ a_b: 1 })
      expect(unmapArgKeys(dotted, deepFreeze({ a_b: 1 }), { profile: 'gemini' })).toEqual({ 'a.b': 1 })
      expect(unmapArgKeys(schema, deepFreeze({ a_b: 1 }))).toEqual({ 'a b': 1 })
    }
  })

  it('restores every name of an object with more keys than the positions given a store site of their own', () => {
    const names = Array.from({ length: 20 }, (_, index) => `key ${index}`)
    const wide = deepFreeze(object(Object.fromEntries(names.map((name) => [name, {}]))))
    const args = deepFreeze(Object.fromEntries(names.map((name, index) => [name.replace(' ', '_'), index])))
    const expected = Object.fromEntries(names.map((name, index) => [name, index]))
    for (let round = 0; round < 2; round++) {
      const result = unmapArgKeys(wide, args)
      expect(result).toEqual(expected)
      expect(Object.keys(result)).toEqual(names)
    }
  })
})

describe('unmapArgKeys: bad data never throws', () => {
  const schema = deepFreeze(object({ 'a b': {} }))

  it.each([null, undefined, 3, 'a_b', true])('returns arguments %j as they are', (args) => {
    expect(unmapArgKeys(schema, args)).toBe(args)
  })

  it.each([null, true, 'schema', [object({ 'a b': {} })]])(
    'returns the arguments as they are for the schema %j',
    (bad) => {
      const args = deepFreeze({ a_b: 1 })
      expect(unmapArgKeys(bad, args)).toBe(args)
    },
  )

  it.each([
    [10, { 'a b': 1 }],
    [40, { a_b: 1 }],
  ])(
    'bounds the work on a chain of %i definitions that each unite two refs to the next (restores while within bounds)',
    (levels, expected) => {
      const $defs: Json = { [`D${levels}`]: object({ 'a b': {} }) }
      for (let level = 0; level < levels; level++)
        $defs[`D${level}`] = { anyOf: [{ $ref: `#/$defs/D${level + 1}` }, { $ref: `#/$defs/D${level + 1}` }] }
      const schema = deepFreeze({ $defs, $ref: '#/$defs/D0' })
      expect(unmapArgKeys(schema, deepFreeze({ a_b: 1 }))).toEqual(expected)
    },
  )

  it('leaves nesting deeper than 512 levels as it is instead of overflowing the stack', () => {
    const tree = deepFreeze({ $defs: { N: object({ 'a b': { $ref: '#/$defs/N' } }) }, $ref: '#/$defs/N' })
    let args: Json = {}
    for (let level = 0; level < 5000; level++) args = { a_b: args }
    expect(() => unmapArgKeys(tree, args)).not.toThrow()
  })
})

describe('unmapArgKeys: profiles', () => {
  const schema = deepFreeze(object({ 'meta.status': {}, 'first name': {}, 'x y.z': {} }))

  it('restores the names a gemini-sanitized schema gave the model when told the same profile', () => {
    expect(sanitizeToolSchema(schema, { profile: 'gemini' })).toEqual(
      object({ meta_status: {}, first_name: {}, x_y_z: {} }),
    )
    expect(
      unmapArgKeys(schema, deepFreeze({ meta_status: 1, first_name: 2, x_y_z: 3 }), { profile: 'gemini' }),
    ).toEqual({ 'meta.status': 1, 'first name': 2, 'x y.z': 3 })
  })

  it('with mismatched profiles, restores only the names both profiles spell alike and passes the rest through', () => {
    // Sanitized for gemini, unmapped as anthropic: `meta.status` was valid for
    // anthropic, so `meta_status` is not a renamed form it knows.
    expect(unmapArgKeys(schema, deepFreeze({ meta_status: 1, first_name: 2, x_y_z: 3 }))).toEqual({
      meta_status: 1,
      'first name': 2,
      x_y_z: 3,
    })
  })

  it('restores nothing when given the sanitized schema instead of the original', () => {
    const args = deepFreeze({ meta_status: 1, first_name: 2 })
    expect(unmapArgKeys(sanitizeToolSchema(schema, { profile: 'gemini' }), args, { profile: 'gemini' })).toBe(args)
  })

  it('restores names for a custom profile', () => {
    const profile = { characters: /[a-z0-9_]/, maxLength: 16 }
    const custom = deepFreeze(object({ 'First Name': {} }))
    expect(sanitizeToolSchema(custom, { profile })).toEqual(object({ _irst__ame: {} }))
    expect(unmapArgKeys(custom, deepFreeze({ _irst__ame: 'Ada' }), { profile })).toEqual({ 'First Name': 'Ada' })
  })
})

describe('unmapArgKeys: $ref targets outside the schema keywords', () => {
  it('follows draft 7 dependencies in schema form', () => {
    const schema = deepFreeze(object({ kind: {} }, { dependencies: { kind: object({ 'a b': {} }), other: ['kind'] } }))
    expect(unmapArgKeys(schema, deepFreeze({ kind: 1, a_b: 2 }))).toEqual({ kind: 1, 'a b': 2 })
  })

  it('restores names in a schema kept under #/components/schemas', () => {
    const schema = deepFreeze({
      properties: { person: { $ref: '#/components/schemas/Person' } },
      components: { schemas: { Person: object({ 'first name': {} }) } },
    })
    expect(unmapArgKeys(schema, deepFreeze({ person: { first_name: 'Ada' } }))).toEqual({
      person: { 'first name': 'Ada' },
    })
  })
})
