// Every TypeScript example of the README is type-checked as a user project
// (strict settings, `@x/ai-sdk` resolved through the package's exports to
// the built declarations) and run as its own ES module against the build;
// every `console.log(x) // => json` line it shows is asserted.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { runReadmeExamples } from '@x/test-utils'
import { describe, expect, it } from 'vitest'

const examples = runReadmeExamples(fileURLToPath(new URL('../README.md', import.meta.url)), { typecheck: true })

describe('README examples', () => {
  it('has one example for each way (middleware, coerceTools)', () => {
    expect(examples.map(({ code }) => /toolCallFixes|coerceTools/.exec(code)?.[0])).toEqual([
      'toolCallFixes',
      'coerceTools',
    ])
  })

  describe.each(examples)('example $example (line $line)', ({ checks }) => {
    it.each(checks)('line $line: $source', ({ expected, actual, where }) => {
      expect(actual, where).toEqual(expected)
    })
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
