import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const exported = ['sanitizePropertyName', 'sanitizeToolSchema', 'unmapArgKeys']

describe('public surface of the built package', () => {
  it('exports exactly these names from the ES module build', async () => {
    expect(Object.keys(await import('../dist/index.js')).sort()).toEqual(exported)
  })

  it('exports the same names from the CommonJS build', () => {
    const require = createRequire(import.meta.url)
    expect(Object.keys(require('../dist/index.cjs') as object).sort()).toEqual(exported)
  })
})
