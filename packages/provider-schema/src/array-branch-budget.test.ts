// Which branch of a union of arrays toModelArgs and restoreArgs apply is
// read once per branch with one budget for the whole value (each item and
// each key looked at spends it), as @x/arg-coerce and @x/key-unmap read it.
// Past that budget no branch is known to fit, and the three packages fall
// back alike, so the tool still gets its arguments back unchanged; an
// answer only this package could give (a budget per item) renamed keys that
// @x/key-unmap then could not restore.
import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { prepareToolSchema } from './prepare-tool-schema.js'
import { PROVIDER_NAMES } from './provider-names.js'
import { isValid, isValidFor } from './test-support/validate.js'

const object = (name: string, type: string) => ({ type: 'object', properties: { [name]: { type } }, required: [name] })
const root = (v: unknown) => deepFreeze({ type: 'object', properties: { v }, required: ['v'] })
// The second branch is the one the values below are of; only it renames their key.
const flat = root({
  anyOf: [
    { type: 'array', items: object('p q', 'integer') },
    { type: 'array', items: object('r s', 'string') },
  ],
})
const nested = root({
  anyOf: [
    { type: 'array', items: { type: 'array', items: object('p q', 'integer') } },
    { type: 'array', items: { type: 'array', items: object('r s', 'string') } },
  ],
})
const items = (count: number) => Array.from({ length: count }, () => ({ 'r s': '1' }))
const LARGE = 2048

const cases = [
  { title: `${LARGE} objects`, schema: flat, instance: deepFreeze({ v: items(LARGE) }) },
  {
    title: `${LARGE} arrays of one object`,
    schema: nested,
    instance: deepFreeze({ v: items(LARGE).map((item) => [item]) }),
  },
  { title: `one array of ${LARGE} objects`, schema: nested, instance: deepFreeze({ v: [items(LARGE)] }) },
]

describe('a union of arrays past the fit budget', () => {
  it.each(cases)('$title: the instance is valid', ({ schema, instance }) => {
    expect(isValid(schema, instance)).toBe(true)
  })

  it.each(cases.flatMap((entry) => PROVIDER_NAMES.map((provider) => ({ ...entry, provider }))))(
    '$title comes back unchanged for $provider',
    ({ schema, instance, provider }) => {
      const prepared = prepareToolSchema(schema, { provider })
      expect(prepared.restoreArgs(prepared.toModelArgs(instance))).toEqual(instance)
    },
  )

  it('gives an array of arrays the answer it gives the same items in one array', () => {
    const prepared = prepareToolSchema(nested, { provider: 'openai' })
    const [, many, one] = cases
    const spellings = (value: unknown) => new Set(JSON.stringify(value).match(/"r.s"/g))
    expect(spellings(prepared.toModelArgs(many!.instance))).toEqual(spellings(prepared.toModelArgs(one!.instance)))
  })
})

describe('a union of arrays within the fit budget', () => {
  const instance = deepFreeze({ v: items(64) })

  it.each(PROVIDER_NAMES)('is sent under the branch it is of and comes back unchanged for %s', (provider) => {
    const prepared = prepareToolSchema(flat, { provider })
    const modelForm = prepared.toModelArgs(instance)
    expect(isValidFor(provider, prepared.schema, modelForm)).toBe(true)
    expect(prepared.restoreArgs(modelForm)).toEqual(instance)
  })

  it('shows the model the provider spelling of the key', () => {
    expect(prepareToolSchema(flat, { provider: 'openai' }).toModelArgs(instance)).toEqual({
      v: items(64).map(() => ({ r_s: '1' })),
    })
  })
})

// Near the budget the readings must run out together, or this package takes
// a branch @x/key-unmap cannot confirm and the key comes back renamed. Each
// row's length lies where this package's reading once still fitted and
// key-unmap's no longer did: strict mode closes every object (key-unmap then
// reads every key) and shows a null for each omitted optional property; a
// pattern's value is read there though not here.
describe('a union of arrays at the edge of the fit budget', () => {
  const closed = { additionalProperties: false }
  const withKey = (schema: Record<string, unknown>, name: string, type: string) => ({
    ...schema,
    properties: { ...(schema['properties'] as object), [name]: { type } },
  })
  const union = (first: unknown, second: unknown) =>
    root({
      anyOf: [
        { type: 'array', items: first },
        { type: 'array', items: second },
      ],
    })
  const rows = [
    {
      title: 'closed objects',
      count: 400,
      schema: union({ ...object('p q', 'integer'), ...closed }, { ...object('r s', 'string'), ...closed }),
      item: { 'r s': '1' },
    },
    { title: 'objects, strict mode', count: 400, schema: flat, item: { 'r s': '1' } },
    {
      title: 'objects of two keys, strict mode',
      count: 300,
      schema: union(withKey(object('p q', 'integer'), 'k', 'string'), withKey(object('r s', 'string'), 'k', 'string')),
      item: { 'r s': '1', k: 'x' },
    },
    {
      title: 'objects that omit an optional property',
      count: 300,
      schema: union(object('p q', 'integer'), withKey(object('r s', 'string'), 'o t', 'string')),
      item: { 'r s': '1' },
    },
    {
      title: 'objects with a key a pattern types',
      count: 230,
      schema: union(
        { ...object('p q', 'integer'), patternProperties: { '^x': { type: 'integer' } } },
        { ...object('r s', 'string'), patternProperties: { '^x': { type: 'string' } } },
      ),
      item: { 'r s': '1', x1: 'q' },
    },
    { title: 'arrays of one object', count: 320, schema: nested, item: [{ 'r s': '1' }] },
  ]

  it.each(rows)('$title ($count): the instance is valid', ({ schema, count, item }) => {
    expect(isValid(schema, deepFreeze({ v: Array.from({ length: count }, () => item) }))).toBe(true)
  })

  it.each(rows.flatMap((row) => PROVIDER_NAMES.map((provider) => ({ ...row, provider }))))(
    '$title ($count) come back unchanged for $provider',
    ({ schema, count, item, provider }) => {
      const instance = deepFreeze({ v: Array.from({ length: count }, () => item) })
      const prepared = prepareToolSchema(schema, { provider })
      expect(prepared.restoreArgs(prepared.toModelArgs(instance))).toEqual(instance)
    },
  )
})
