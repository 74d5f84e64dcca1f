import { fileURLToPath } from 'node:url'
import { runReadmeExample } from '@x/test-utils'
import { describe, expect, it } from 'vitest'

describe('README', () => {
  const checks = runReadmeExample(fileURLToPath(new URL('../README.md', import.meta.url)))

  it('has an example to run', () => {
    expect(checks.length).toBeGreaterThan(8)
  })

  it.each(checks)('prints what it says: $line', ({ expected, actual }) => {
    expect(actual).toEqual(expected)
  })
})
