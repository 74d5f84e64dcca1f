// Which branch of an object union restoreArgs and toModelArgs apply. The
// choice is provider-schema's own, not @x/schema-ref's selectObjectBranch:
// it applies no branch the value cannot be of, and among those it can be of
// prefers the one its tags name, then the one declaring most of its keys.
// Each row below is answered differently by selectObjectBranch (a branch
// chosen when none fits, the first complete one rather than the widest, the
// first covering one when a tag names another).
import { deepFreeze } from '@x/test-utils'
import { describe, expect, it } from 'vitest'
import { prepareToolSchema } from './prepare-tool-schema.js'
import { PROVIDER_NAMES } from './provider-names.js'
import { isValidFor } from './test-support/validate.js'

const union = (...branches: unknown[]) =>
  deepFreeze({ type: 'object', properties: { u: { anyOf: branches } }, required: ['u'] })

// Two tagged branches declaring the same keys; only the second admits a null `note`.
const sameKeysTagged = union(
  { type: 'object', properties: { kind: { const: 'a' }, note: { type: 'string' } }, required: ['kind'] },
  {
    type: 'object',
    properties: { kind: { const: 'b' }, note: { type: ['string', 'null'] } },
    required: ['kind', 'note'],
  },
)

describe('restoreArgs: the union branch whose strict nulls are dropped', () => {
  it.each([
    {
      rule: 'no branch: a null the value carries stays when no branch can hold the value',
      schema: union(
        { type: 'object', properties: { z: { type: 'string' }, kind: { const: 'b' } } },
        { type: 'object', properties: {}, additionalProperties: false },
      ),
      sent: { x: 'c', kind: null },
      expected: { x: 'c', kind: null },
    },
    {
      rule: 'the tagged branch, though an earlier branch declares the same keys with the same types',
      schema: sameKeysTagged,
      sent: { kind: 'b', note: null },
      expected: { kind: 'b', note: null },
    },
    {
      rule: 'the tagged branch drops its own optional null',
      schema: sameKeysTagged,
      sent: { kind: 'a', note: null },
      expected: { kind: 'a' },
    },
  ])('openai-strict: $rule', ({ schema, sent, expected }) => {
    expect(prepareToolSchema(schema, { provider: 'openai-strict' }).restoreArgs(deepFreeze({ u: sent }))).toEqual({
      u: expected,
    })
  })
})

describe('toModelArgs: the union branch whose names the model is shown', () => {
  it('the branch declaring most of the value keys, when none declares them all', () => {
    const schema = union(
      { type: 'object', properties: {} },
      { type: 'object', properties: { 'a b': { type: 'object', properties: { v: { type: 'string' } } } } },
    )
    expect(
      prepareToolSchema(schema, { provider: 'openai' }).toModelArgs(
        deepFreeze({ u: { kind: 'x', 'a b': { v: 'x' } } }),
      ),
    ).toEqual({
      u: { kind: 'x', a_b: { v: 'x' } },
    })
  })
})

// `{type: "array"}` admits any array but says nothing of its items: a branch
// that does is the better reading and is asked first, as @x/schema-ref's
// selectArrayBranch orders them for @x/arg-coerce and @x/key-unmap. Past the
// fit budget only the branch that admits any array is known to fit, in all
// three packages alike: the tool's own names are shown, and come back.
describe('toModelArgs: the array branch that describes its items before one that admits any array', () => {
  const schema = union(
    { type: 'array' },
    { type: 'array', items: { type: 'object', properties: { 'r s': { type: 'string' } }, required: ['r s'] } },
  )
  const items = (count: number, name: string) => Array.from({ length: count }, () => ({ [name]: 'x' }))

  it('shows the items with the provider spelling of their key', () => {
    expect(prepareToolSchema(schema, { provider: 'openai' }).toModelArgs(deepFreeze({ u: items(3, 'r s') }))).toEqual({
      u: items(3, 'r_s'),
    })
  })

  it.each(PROVIDER_NAMES.flatMap((provider) => [3, 2048].map((count) => ({ provider, count }))))(
    '$count items come back unchanged for $provider',
    ({ provider, count }) => {
      const prepared = prepareToolSchema(schema, { provider })
      const instance = deepFreeze({ u: items(count, 'r s') })
      const modelForm = prepared.toModelArgs(instance)
      expect(isValidFor(provider, prepared.schema, modelForm)).toBe(true)
      expect(prepared.restoreArgs(modelForm)).toEqual(instance)
    },
  )
})
