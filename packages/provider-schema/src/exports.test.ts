import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const exported = ['PROVIDER_NAMES', 'checkProviderSchema', 'prepareToolSchema', 'prepareToolset']
const providers = ['anthropic', 'openai', 'openai-strict', 'gemini', 'bedrock', 'mistral', 'generic']

describe('public surface of the built package', () => {
  it('exports exactly these names from the ES module build', async () => {
    const module = (await import('../dist/index.js')) as Record<string, unknown>
    expect(Object.keys(module).sort()).toEqual(exported)
    expect(module.PROVIDER_NAMES).toEqual(providers)
    expect(Object.isFrozen(module.PROVIDER_NAMES)).toBe(true)
  })

  it('exports the same names from the CommonJS build', () => {
    const require = createRequire(import.meta.url)
    const module = require('../dist/index.cjs') as Record<string, unknown>
    expect(Object.keys(module).sort()).toEqual(exported)
    expect(module.PROVIDER_NAMES).toEqual(providers)
  })
})
