import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runReadmeExample } from '@x/test-utils'

describe('@x/provider-schema package', () => {
  it('exports exactly the public API from the built package', async () => {
    const exported = await import('../dist/index.js')
    expect(Object.keys(exported).sort()).toEqual(['PROVIDER_NAMES', 'checkProviderSchema', 'prepareToolSchema', 'prepareToolset'])
    expect(exported.PROVIDER_NAMES).toEqual(['anthropic', 'openai', 'openai-strict', 'gemini', 'bedrock', 'mistral', 'generic'])
    expect(Object.isFrozen(exported.PROVIDER_NAMES)).toBe(true)
  })

  describe('README example (run against the built package)', () => {
    const checks = runReadmeExample(fileURLToPath(new URL('../README.md', import.meta.url)))

    it('has checks to run', () => {
      expect(checks.length).toBeGreaterThan(5)
    })

    it.each(checks.map((check) => [check.line, check] as const))('%s', (_line, check) => {
      expect(check.actual).toEqual(check.expected)
    })
  })
})
