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

  it('ships no eval, and new Function only in internal/generate.ts (its specialization)', () => {
    for (const file of ['../dist/index.js', '../dist/index.cjs']) {
      const code = readFileSync(new URL(file, import.meta.url), 'utf8')
      expect(code).not.toMatch(/\beval\s*\(|[^w]\s+Function\s*\(/)
      expect(code.match(/new\s+Function\b/g)).toHaveLength(1)
      const start = code.indexOf('// src/internal/generate.ts')
      const end = code.indexOf('// src/', start + 1)
      expect(start).toBeGreaterThanOrEqual(0)
      expect(code.slice(start, end).match(/new\s+Function\b/g)).toHaveLength(1)
    }
  })
})
