import { describe, expect, it } from 'vitest'
import { corpusTools } from '@x/mcp-corpus'
import { checkProviderSchema } from './check-provider-schema.js'
import { prepareToolSchema } from './prepare-tool-schema.js'
import { PROVIDER_NAMES } from './provider-names.js'
import { REAL_SCHEMAS } from './test-support/fixtures.js'
import { addModelNoise, instanceOf, random } from './test-support/instances.js'
import { isValid, isValidFor } from './test-support/validate.js'
import type { ProviderName } from './types.js'

/**
 * Valid instances of `schema` (seeded), sent the way a model of `provider`
 * would (renamed keys, strict nulls, scalars and objects as strings), must
 * come back deep-equal through restoreArgs and valid for the tool.
 */
function roundTrips(schema: Record<string, unknown>, provider: ProviderName, instances: number): void {
  const prepared = prepareToolSchema(schema, { provider })
  const rng = random(0x5eed)
  let checked = 0
  for (let attempt = 0; attempt < instances * 3 && checked < instances; attempt++) {
    const instance = instanceOf(schema, rng, { omitNullOptional: provider === 'openai-strict' })
    if (instance === undefined || !isValid(schema, instance)) continue
    checked++
    const modelForm = prepared.toModelArgs(instance)
    // What the model was shown admits what it is said to send.
    expect(isValidFor(provider, prepared.schema, modelForm)).toBe(true)
    const sent = addModelNoise(prepared.schema, modelForm, rng)
    const restored = prepared.restoreArgs(JSON.stringify(sent))
    expect(restored).toEqual(instance)
    expect(isValid(schema, restored)).toBe(true)
  }
  expect(checked).toBeGreaterThan(instances / 2)
}

describe('the workspace fixtures (pydantic, zod-to-json-schema, MCP SDK) on every profile', () => {
  const cases = REAL_SCHEMAS.flatMap(([name, schema]) =>
    PROVIDER_NAMES.map((provider) => [name, provider, schema] as const),
  )

  it.each(cases)('%s, %s: the prepared schema breaks no rule of the provider', (_name, provider, schema) => {
    expect(checkProviderSchema(prepareToolSchema(schema, { provider }).schema, provider)).toEqual([])
  })

  it.each(cases)("%s, %s: valid instances sent the model's way come back as they were", (_name, provider, schema) => {
    roundTrips(schema, provider, 30)
  })
})

describe('every tool of the MCP server corpus on every profile', () => {
  const tools = corpusTools()

  it('has the corpus to run', () => {
    expect(new Set(tools.map((entry) => entry.server)).size).toBeGreaterThanOrEqual(10)
  })

  const cases = tools.flatMap(({ server, version, tool }) =>
    PROVIDER_NAMES.map(
      (provider) =>
        [`${server}@${version} ${tool.name}`, provider, tool.inputSchema as Record<string, unknown>] as const,
    ),
  )

  it.each(cases)('%s, %s: the prepared schema breaks no rule of the provider', (_name, provider, schema) => {
    expect(checkProviderSchema(prepareToolSchema(schema, { provider }).schema, provider)).toEqual([])
  })

  it.each(cases)("%s, %s: valid instances sent the model's way come back as they were", (_name, provider, schema) => {
    roundTrips(schema, provider, 8)
  })
})
