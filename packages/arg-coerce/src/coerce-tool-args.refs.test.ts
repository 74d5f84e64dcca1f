import { deepFreeze } from '@x/test-utils'
import { z as z3 } from 'zod/v3'
import { zodToJsonSchema } from 'zod-to-json-schema'
import { describe, expect, it } from 'vitest'
import { coerceToolArgs } from './coerce-tool-args.js'
import pydanticFixture from './fixtures/pydantic-v2.json'
import { expectCoercion } from './test-support/check.js'

// Types hidden behind `$ref` still coerce: one tool, the model output it
// gets, and the value the tool receives. Each row is run against the
// schema as pydantic v2 emits it (fixtures/pydantic-v2.json, SeedTool:
// RootModel types hoisted into $defs, a description beside a $ref, Optional
// sub-models as anyOf [$ref, null]) and as zod-to-json-schema v3 emits it
// (generated here: a definitions $ref and a reused schema pointed at its first
// occurrence, #/properties/limit/anyOf/0).
const pydantic = deepFreeze(pydanticFixture.SeedTool)

const Count = z3.number().int()
const limit = z3.number().int()
const zodSchema = deepFreeze(
  zodToJsonSchema(
    z3.object({
      count: Count,
      verbose: z3.boolean().describe('Print more'),
      filters: z3.object({ labels: z3.array(z3.string()) }).optional(),
      limit: z3.union([limit, z3.null()]).optional(),
      offset: limit.optional(),
      person: z3.object({ first_name: z3.string() }).optional(),
    }),
    { definitions: { Count } },
  ) as object,
)

describe('types behind $ref in generated schemas: model output, and what the tool receives', () => {
  it('the zod-to-json-schema output really hides the types behind $ref', () => {
    expect(zodSchema).toMatchObject({
      properties: { count: { $ref: '#/definitions/Count' }, offset: { $ref: '#/properties/limit/anyOf/0' } },
    })
    expect(pydantic.properties.verbose).toEqual({ $ref: '#/$defs/Flag', description: 'Print more' })
  })

  it.each([
    ['pydantic', pydantic],
    ['zod-to-json-schema', zodSchema],
  ])('"count": "5" behind a $ref to an integer becomes 5 (%s)', (_source, schema) => {
    expectCoercion(schema, { count: '5', verbose: true }, { count: 5, verbose: true }, { valid: true })
  })

  it.each([
    ['pydantic ($ref plus a description sibling)', pydantic],
    ['zod-to-json-schema', zodSchema],
  ])('"verbose": "true" becomes true (%s)', (_source, schema) => {
    expectCoercion(schema, { count: 1, verbose: 'true' }, { count: 1, verbose: true }, { valid: true })
  })

  it.each([
    ['pydantic (anyOf [$ref, null], no top-level type)', pydantic],
    ['zod-to-json-schema', zodSchema],
  ])('a JSON-string "filters" holding a JSON-string array becomes {"labels": ["a", "b"]} (%s)', (_source, schema) => {
    const sent = { count: 1, verbose: false, filters: '{"labels": "[\\"a\\", \\"b\\"]"}' }
    expectCoercion(schema, sent, { count: 1, verbose: false, filters: { labels: ['a', 'b'] } }, { valid: true })
  })

  it('"offset": "7" behind #/properties/limit/anyOf/0 becomes 7 (zod-to-json-schema)', () => {
    expectCoercion(
      zodSchema,
      { count: 1, verbose: false, offset: '7' },
      { count: 1, verbose: false, offset: 7 },
      { valid: true },
    )
  })

  it.each([
    ['pydantic', pydantic],
    ['zod-to-json-schema', zodSchema],
  ])(
    '"person" keys are left for @x/key-unmap: coercion passes the object through untouched (%s)',
    (_source, schema) => {
      const sent = deepFreeze({ count: 1, verbose: false, person: { first_name: 'Ada' } })
      expect(coerceToolArgs(schema, sent)).toBe(sent)
    },
  )
})
