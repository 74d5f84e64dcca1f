import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runReadmeExample } from '@x/test-utils'

describe('README example (run against the built package)', () => {
  const checks = runReadmeExample(fileURLToPath(new URL('../README.md', import.meta.url)))

  it('has checks to run', () => {
    expect(checks.length).toBeGreaterThan(5)
  })

  it.each(checks.map((check) => [check.line, check] as const))('%s', (_line, check) => {
    expect(check.actual).toEqual(check.expected)
  })
})
