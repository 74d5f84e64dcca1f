import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import Ajv2020 from 'ajv/dist/2020.js'
import { deepFreeze } from '@x/test-utils'
import { sanitizePropertyName } from './sanitize-property-name.js'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import { unmapArgKeys } from './unmap-arg-keys.js'
import type { KeyUnmapOptions } from './types.js'

type Json = Record<string, unknown>
type Tree =
  { kind: 'leaf' } | { kind: 'array'; item: Tree } | { kind: 'object'; viaRef: boolean; props: Array<[string, Tree]> }

const RULES = {
  anthropic: /^[a-zA-Z0-9_.-]{1,64}$/,
  gemini: /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/,
} as const

const setOwn = (target: Json, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

// Names as tools really spell them, plus the awkward ones: already-valid
// names that sanitized forms would collide with, keyword lookalikes,
// prototype keys, unicode, empty and over-long names.
const name = fc.oneof(
  fc.constantFrom(
    'a b',
    'a_b',
    'a!b',
    'a_b_2',
    'first name',
    'properties',
    '$ref',
    '$defs',
    'required',
    '__proto__',
    'constructor',
    '',
    'param',
    '1st',
    'é',
  ),
  fc.stringMatching(/^[a-z_ .!-]{1,4}$/),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 60, maxLength: 70 }),
)

function trees(names: fc.Arbitrary<string>): fc.Arbitrary<Tree> {
  return fc.letrec<{ tree: Tree; object: Tree }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant<Tree>({ kind: 'leaf' }),
      tie('object'),
      tie('object').map((item): Tree => ({ kind: 'array', item })),
    ),
    object: fc.record({
      kind: fc.constant('object' as const),
      viaRef: fc.boolean(),
      props: fc.uniqueArray(fc.tuple(names, tie('tree')), { selector: ([key]) => key, maxLength: 5 }),
    }),
  })).tree
}

/** The original schema of a tree; objects marked viaRef are hoisted into $defs the way pydantic does. */
function toSchema(root: Tree): Json {
  const defs: Json = {}
  const build = (node: Tree): Json => {
    if (node.kind === 'leaf') return { type: 'string' }
    if (node.kind === 'array') return { type: 'array', items: build(node.item) }
    const properties: Json = {}
    for (const [key, child] of node.props) setOwn(properties, key, build(child))
    // additionalProperties: false, so that a validator rejects any key not spelled as declared.
    const schema = { type: 'object', properties, additionalProperties: false }
    if (!node.viaRef) return schema
    const id = `Def ${Object.keys(defs).length}`
    defs[id] = schema
    return { $ref: `#/$defs/${encodeURIComponent(id)}` }
  }
  const schema = build(
    root.kind === 'object' ? { ...root, viaRef: false } : { kind: 'object', viaRef: false, props: [['value', root]] },
  )
  return { ...schema, $defs: defs }
}

/** Random valid arguments for a tree: every declared property may be present or absent. */
function argsFor(node: Tree): fc.Arbitrary<unknown> {
  if (node.kind === 'leaf') return fc.string({ maxLength: 3 })
  if (node.kind === 'array') return fc.array(argsFor(node.item), { maxLength: 3 })
  return fc.tuple(...node.props.map(([, child]) => fc.option(argsFor(child), { nil: undefined }))).map((values) => {
    const out: Json = {}
    node.props.forEach(([key], index) => {
      if (values[index] !== undefined) setOwn(out, key, values[index])
    })
    return out
  })
}

const deref = (schema: Json, root: Json): Json => {
  const ref = schema['$ref']
  if (typeof ref !== 'string') return schema
  return (root['$defs'] as Json)[decodeURIComponent(ref.slice('#/$defs/'.length))] as Json
}

/**
 * An independent oracle of what the model sends: it reads the renames off
 * the sanitized schema (the i-th name of each original properties map
 * became the i-th name of the sanitized one) and spells the arguments that way.
 */
function asTheModelWould(value: unknown, original: Json, sanitized: Json, rootO: Json, rootS: Json): unknown {
  const o = deref(original, rootO)
  const s = deref(sanitized, rootS)
  if (Array.isArray(value))
    return value.map((item) => asTheModelWould(item, o['items'] as Json, s['items'] as Json, rootO, rootS))
  if (typeof value !== 'object' || value === null) return value
  const namesO = Object.keys(o['properties'] as Json)
  const namesS = Object.keys(s['properties'] as Json)
  const out: Json = {}
  for (const key of Object.keys(value)) {
    const index = namesO.indexOf(key)
    const child = (o['properties'] as Json)[key] as Json
    const childS = (s['properties'] as Json)[namesS[index]!] as Json
    setOwn(out, namesS[index]!, asTheModelWould((value as Json)[key], child, childS, rootO, rootS))
  }
  return out
}

// The names of every properties map, walking only the keywords this test generates.
function propertyNames(schema: unknown, into: string[] = []): string[] {
  if (typeof schema !== 'object' || schema === null) return into
  const node = schema as Json
  const properties = (node['properties'] ?? {}) as Json
  into.push(...Object.keys(properties))
  for (const key of Object.keys(properties)) propertyNames(properties[key], into)
  for (const definition of Object.values((node['$defs'] ?? {}) as Json)) propertyNames(definition, into)
  propertyNames(node['items'], into)
  return into
}

function schemaWithArgs(names: fc.Arbitrary<string>): fc.Arbitrary<[Json, unknown]> {
  return trees(names).chain((root) => {
    const schema = deepFreeze(toSchema(root))
    const wrapped: Tree = root.kind === 'object' ? root : { kind: 'object', viaRef: false, props: [['value', root]] }
    return fc.tuple(
      fc.constant(schema),
      argsFor(wrapped).map((args) => deepFreeze(args)),
    )
  })
}
const withArgs = schemaWithArgs(name)
// For ajv, whose generated code reads an absent `constructor` or `__proto__`
// property through the prototype (it reports `{}` as having a non-string
// `constructor`): names without those, the rename rules (collisions,
// keyword lookalikes, unicode, empty) still exercised.
const withTameArgs = schemaWithArgs(
  fc.oneof(
    fc.constantFrom('a b', 'a_b', 'a!b', 'a_b_2', 'properties', '$ref', 'é', ''),
    fc.stringMatching(/^[a-z_ .!-]{1,4}$/),
  ),
)

describe.each<[keyof typeof RULES, KeyUnmapOptions]>([
  ['anthropic', {}],
  ['gemini', { profile: 'gemini' }],
])('laws (%s profile)', (profileName, options) => {
  it('round trip: arguments renamed as the model would are unmapped back to the original arguments', () => {
    fc.assert(
      fc.property(withArgs, ([schema, args]) => {
        const sanitized = sanitizeToolSchema(schema, options) as Json
        const modelArgs = asTheModelWould(args, schema, sanitized, schema, sanitized)
        // JSON text compares key order and own `__proto__` keys too (toStrictEqual
        // would compare an own `constructor` key as the object's class).
        expect(JSON.stringify(unmapArgKeys(schema, modelArgs, options))).toBe(JSON.stringify(args))
      }),
      { numRuns: 200 },
    )
  })

  it('the model-style arguments validate against the sanitized schema, and their unmapping against the original (ajv)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    fc.assert(
      fc.property(withTameArgs, ([schema, args]) => {
        const sanitized = sanitizeToolSchema(schema, options) as Json
        const modelArgs = asTheModelWould(args, schema, sanitized, schema, sanitized)
        expect(ajv.validate(sanitized, modelArgs)).toBe(true)
        expect(ajv.validate(schema, unmapArgKeys(schema, modelArgs, options))).toBe(true)
      }),
      { numRuns: 40 },
    )
  })

  it('every property name of the sanitized schema matches the profile, and no two names of a map merge into one', () => {
    fc.assert(
      fc.property(withArgs, ([schema]) => {
        const sanitized = sanitizeToolSchema(schema, options)
        const names = propertyNames(sanitized)
        for (const key of names) expect(key).toMatch(RULES[profileName])
        expect(names).toHaveLength(propertyNames(schema).length)
      }),
      { numRuns: 200 },
    )
  })

  it('sanitizePropertyName always returns a name matching the profile', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (raw) => {
        expect(sanitizePropertyName(raw, options)).toMatch(RULES[profileName])
      }),
      { numRuns: 300 },
    )
  })

  it('idempotence: sanitizing a sanitized schema returns it unchanged (the very same object)', () => {
    fc.assert(
      fc.property(withArgs, ([schema]) => {
        const sanitized = sanitizeToolSchema(schema, options)
        expect(sanitizeToolSchema(sanitized, options)).toBe(sanitized)
      }),
      { numRuns: 100 },
    )
  })
})

describe('laws (any input)', () => {
  it('never throws and never mutates, whatever the schema and arguments', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 4 }), (schema, args) => {
        deepFreeze(schema)
        deepFreeze(args)
        const sanitized = sanitizeToolSchema(schema)
        unmapArgKeys(schema, args)
        unmapArgKeys(schema, args, { profile: 'gemini' })
        expect(sanitizeToolSchema(schema)).toBe(sanitized)
      }),
      { numRuns: 200 },
    )
  })
})
