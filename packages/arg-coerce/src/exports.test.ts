import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const exported = ['coerceToolArgs', 'coerceToolArgsWithPatch']

describe('public surface of the built package', () => {
  it('exports exactly these names from the ES module build', async () => {
    expect(Object.keys(await import('../dist/index.js')).sort()).toEqual(exported)
  })

  it('exports the same names from the CommonJS build', () => {
    const require = createRequire(import.meta.url)
    expect(Object.keys(require('../dist/index.cjs') as object).sort()).toEqual(exported)
  })

  it('ships no eval or new Function', () => {
    const code = readFileSync(new URL('../dist/index.js', import.meta.url), 'utf8')
    expect(code).not.toMatch(/\beval\s*\(|new\s+Function\b|\bFunction\s*\(/)
  })
})
