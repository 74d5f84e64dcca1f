import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const exported = ['coerceTools', 'inferProvider', 'toolCallFixes']

describe('public surface of the built package', () => {
  it('exports exactly these names from the ES module build', async () => {
    expect(Object.keys(await import('../dist/index.js')).sort()).toEqual(exported)
  })

  it('exports the same names from the CommonJS build, and they work through require()', () => {
    const require = createRequire(import.meta.url)
    const cjs = require('../dist/index.cjs') as { inferProvider(model: { provider: string }): string }
    expect(Object.keys(cjs).sort()).toEqual(exported)
    expect(cjs.inferProvider({ provider: 'anthropic.messages' })).toBe('anthropic')
  })
})
