import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runReadmeExamples } from '../test/readme-examples.js'

describe('the built package', () => {
  it('exports exactly the public API', async () => {
    expect(Object.keys(await import('../dist/index.js')).sort()).toEqual([
      'coerceTools',
      'inferProvider',
      'toolCallFixes',
    ])
  })

  it('loads through require() too (CommonJS build)', async () => {
    const { createRequire } = await import('node:module')
    const require = createRequire(import.meta.url)
    const cjs = require('../dist/index.cjs') as { inferProvider(model: { provider: string }): string }
    expect(cjs.inferProvider({ provider: 'anthropic.messages' })).toBe('anthropic')
  })

  const checks = runReadmeExamples(fileURLToPath(new URL('../README.md', import.meta.url)))

  it('README has one example for each way (middleware, coerceTools)', () => {
    expect(new Set(checks.map((check) => check.example)).size).toBe(2)
  })

  it.each(checks)('README example $example: $line', ({ expected, actual }) => {
    expect(actual).toEqual(expected)
  })
})
