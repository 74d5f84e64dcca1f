import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runReadmeExamples, typecheckReadmeExamples } from '../test/readme-examples.js'

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

  // A compiler run over the examples and the SDK's declarations takes
  // seconds on a loaded machine.
  it('README examples type-check as a user project', { timeout: 120_000 }, () => {
    expect(typecheckReadmeExamples(fileURLToPath(new URL('../README.md', import.meta.url)))).toBe('')
  })
})

describe('the README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

  it('has the sections a user looks for, in order', () => {
    expect([...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1])).toEqual([
      'What',
      'When',
      'Install',
      'Use',
      'API',
      'Options',
      'Errors',
      'Guarantees',
      'Limits',
      'Security',
      'Performance',
      'License',
    ])
  })

  it('quotes no benchmark figures', () => {
    expect(readme).not.toMatch(/\d\s*(?:x|×)\s+(?:faster|slower)|\bops\/s\b|\d\s*(?:µs|ns)\b/i)
  })

  it('speaks of the package only', () => {
    expect(readme).not.toMatch(/\bissue\b|\bseed\b|DESIGN\.md|\barticle\b|\bticket #?\d/i)
  })

  it('states the Node versions it is tested on, as package.json declares them', () => {
    expect(readme).toMatch(/Node 20 or\s+later/)
    expect(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines).toEqual({
      node: '>=20',
    })
  })

  it('says which ai majors are covered', () => {
    expect(readme).toMatch(/Covered: `ai` 6/)
    expect(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).peerDependencies.ai).toBe(
      '^6.0.0',
    )
  })
})
