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
