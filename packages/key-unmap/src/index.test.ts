import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runReadmeExample } from '@x/test-utils'

describe('@x/key-unmap package', () => {
  it('exports exactly the public functions from the built package', async () => {
    const exported = await import('../dist/index.js')
    expect(Object.keys(exported).sort()).toEqual(['sanitizePropertyName', 'sanitizeToolSchema', 'unmapArgKeys'])
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
