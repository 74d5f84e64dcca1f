import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'

// Every README block with `console.log(x) // => json` lines is TypeScript:
// its types are stripped (`transpileModule`, no type check) and it runs as an
// ES module beside the package (so `@x/mcp` resolves to the build through the
// package's own exports), with `x-mcp-fix` and the devDependency servers on
// PATH, as they are for an npm script. A test per printed line.
const packageDir = fileURLToPath(new URL('..', import.meta.url))
const FENCE = /```ts\n([\s\S]*?)```/g
const CHECK = /^(\s*)console\.log\((.*)\)\s*\/\/\s*=>\s*(.+)$/

const bin = mkdtempSync(join(tmpdir(), 'x-mcp-fix-readme-'))
symlinkSync(join(packageDir, 'dist', 'bin', 'x-mcp-fix.js'), join(bin, 'x-mcp-fix'))
afterAll(() => rmSync(bin, { recursive: true, force: true }))

const readme = readFileSync(join(packageDir, 'README.md'), 'utf8')

const blocks = [...readme.matchAll(FENCE)]
  .map((match) => match[1] ?? '')
  .filter((code) => code.split('\n').some((line) => CHECK.test(line)))

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
  // A compiler run over the examples and the SDK's declarations takes
  // seconds on a loaded machine.
  it('type-check as a user project', { timeout: 120_000 }, () => {
    expect(typecheckExamples(blocks)).toBe('')
  })

  it('has the server helper, client wrapper and proxy examples', () => {
    expect(blocks.map((code) => /registerFixedTool|wrapClient|x-mcp-fix/.exec(code)?.[0])).toEqual([
      'registerFixedTool',
      'wrapClient',
      'x-mcp-fix',
    ])
  })

  describe.each(blocks.map((code, index) => [index + 1, code] as const))('example %i', (index, code) => {
    const checks: Array<{ line: string; expected: unknown }> = []
    const source = code
      .split('\n')
      .map((line) => {
        const match = CHECK.exec(line)
        if (!match) return line
        checks.push({ line: line.trim(), expected: JSON.parse(match[3]!) })
        return `${match[1]}__print(${match[2]})`
      })
      .join('\n')
    let printed: unknown[] | undefined
    const run = (): unknown[] => {
      if (printed) return printed
      const file = join(packageDir, `.readme-example-${index}-${process.pid}.mjs`)
      writeFileSync(
        file,
        `const __print = (value) => process.stdout.write(JSON.stringify(value ?? null) + "\\n");\n${stripTypes(source)}`,
      )
      try {
        const output = execFileSync(process.execPath, [file], {
          encoding: 'utf8',
          cwd: packageDir,
          env: {
            ...process.env,
            PATH: [bin, join(packageDir, 'node_modules', '.bin'), process.env['PATH']].join(delimiter),
          },
        })
        printed = output
          .trim()
          .split('\n')
          .map((text) => JSON.parse(text) as unknown)
        return printed
      } finally {
        rmSync(file, { force: true })
      }
    }
    it.each(checks.map((check, position) => [check.line, check.expected, position] as const))(
      '%s',
      (_line, expected, position) => {
        expect(run()[position]).toEqual(expected)
      },
    )
  })
})

function stripTypes(source: string): string {
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText
}

// The examples as a user's TypeScript project sees them: the workspace's
// strict options, `@x/mcp` resolved through the package's exports to the
// built declarations. Returns the compiler's report, empty when clean.
function typecheckExamples(examples: readonly string[]): string {
  const base = fileURLToPath(new URL('../../../tooling/tsconfig/base.json', import.meta.url))
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc')
  const dir = mkdtempSync(join(packageDir, '.readme-check-'))
  try {
    examples.forEach((code, index) => writeFileSync(join(dir, `example-${index + 1}.ts`), code))
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: base, compilerOptions: { types: ['node'] }, include: ['*.ts'] }),
    )
    const result = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' })
    return `${result.stdout}${result.stderr}`
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
