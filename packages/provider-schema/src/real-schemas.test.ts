import { describe, expect, it } from 'vitest'
import { checkProviderSchema } from './check-provider-schema.js'
import { prepareToolSchema } from './prepare-tool-schema.js'
import { PROVIDER_NAMES } from './provider-names.js'
import { REAL_SCHEMAS } from './test-support/fixtures.js'
import { addModelNoise, instanceOf, random } from './test-support/instances.js'
import { isValid } from './test-support/validate.js'

const cases = REAL_SCHEMAS.flatMap(([name, schema]) => PROVIDER_NAMES.map((provider) => [name, provider, schema] as const))
const INSTANCES = 30

describe('real schemas (pydantic, zod-to-json-schema, MCP servers) on every profile', () => {
  it.each(cases)('%s, %s: the prepared schema breaks no rule of the provider', (_name, provider, schema) => {
    expect(checkProviderSchema(prepareToolSchema(schema, { provider }).schema, provider)).toEqual([])
  })

  it.each(cases)('%s, %s: valid instances sent the model\'s way come back as they were', (_name, provider, schema) => {
    const prepared = prepareToolSchema(schema, { provider })
    const rng = random(0x5eed)
    let checked = 0
    for (let attempt = 0; attempt < INSTANCES * 3 && checked < INSTANCES; attempt++) {
      const instance = instanceOf(schema, rng, { omitNullOptional: provider === 'openai-strict' })
      if (instance === undefined || !isValid(schema, instance)) continue
      checked++
      const modelForm = prepared.toModelArgs(instance)
      // What the model was shown admits what it is said to send.
      expect(isValid(prepared.schema, modelForm)).toBe(true)
      const sent = addModelNoise(prepared.schema, modelForm, rng)
      const restored = prepared.restoreArgs(JSON.stringify(sent))
      expect(restored).toEqual(instance)
      expect(isValid(schema, restored)).toBe(true)
    }
    expect(checked).toBeGreaterThan(INSTANCES / 2)
  })
})
