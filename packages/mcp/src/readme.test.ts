import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runReadmeExamples } from '@x/test-utils'
import { afterAll, describe, expect, it } from 'vitest'

// Every README example is TypeScript, type-checked as a user project and
// run against the build (`@x/mcp` resolves through the package's own
// exports), with `x-mcp-fix` and the devDependency servers on PATH, as they
// are for an npm script.
const packageDir = fileURLToPath(new URL('..', import.meta.url))

const bin = mkdtempSync(join(tmpdir(), 'x-mcp-fix-readme-'))
symlinkSync(join(packageDir, 'dist', 'bin', 'x-mcp-fix.js'), join(bin, 'x-mcp-fix'))
afterAll(() => rmSync(bin, { recursive: true, force: true }))

const readme = readFileSync(join(packageDir, 'README.md'), 'utf8')

describe('README', () => {
  it('has the sections a user looks for, in order', () => {
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1])
    expect(headings).toEqual([
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

  it('links the recorded benchmarks instead of quoting figures', () => {
    expect(readme).toContain('](./BENCH.md)')
    expect(readme).not.toMatch(/\d\s*(?:x|×)\s+(?:faster|slower)|\bops\/s\b|\d\s*(?:µs|ns)\b/i)
  })

  it('speaks of the package only', () => {
    expect(readme).not.toMatch(/\bissue\b|\bseed\b|DESIGN\.md|\barticle\b|\bticket #?\d/i)
  })
})

describe('README examples', () => {
  const examples = runReadmeExamples(join(packageDir, 'README.md'), {
    typecheck: true,
    env: { PATH: [bin, join(packageDir, 'node_modules', '.bin'), process.env['PATH'] ?? ''].join(delimiter) },
  })

  it('has the server helper, client wrapper and proxy examples', () => {
    expect(examples.map(({ code }) => /registerFixedTool|wrapClient|x-mcp-fix/.exec(code)?.[0])).toEqual([
      'registerFixedTool',
      'wrapClient',
      'x-mcp-fix',
    ])
  })

  describe.each(examples)('example $example (line $line)', ({ checks }) => {
    it.each(checks)('line $line: $source', ({ expected, actual, where }) => {
      expect(actual, where).toEqual(expected)
    })
  })
})
