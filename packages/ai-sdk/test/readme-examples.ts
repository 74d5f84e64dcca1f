import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const FENCE = /```ts\n([\s\S]*?)```/g
const CHECK = /^(\s*)console\.log\((.*)\)\s*\/\/\s*=>\s*(.+)$/

/** One `console.log(x) // => json` line of a README example, with what it printed. */
export interface ExampleCheck {
  readonly example: number
  readonly line: string
  readonly expected: unknown
  readonly actual: unknown
}

/** The README's TypeScript examples: every `ts` block with `console.log(x) // => json` lines. */
export function readmeExamples(readmePath: string): string[] {
  return [...readFileSync(readmePath, 'utf8').matchAll(FENCE)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.split('\n').some((line) => CHECK.test(line)))
}

/**
 * Runs *every* README example, each as its own ES module beside the package
 * (so `@x/ai-sdk` resolves to the build through the package's `exports`),
 * its types stripped first (`transpileModule`; {@link typecheckReadmeExamples}
 * checks them). This README has two examples, one for each way of using the
 * package, and both must hold; `@x/test-utils`' runReadmeExample runs only
 * the first, and only JavaScript.
 */
export function runReadmeExamples(readmePath: string): ExampleCheck[] {
  const blocks = readmeExamples(readmePath)
  return blocks.flatMap((block, example) => {
    const checks: Array<{ line: string; expected: unknown }> = []
    const source = block
      .split('\n')
      .map((line) => {
        const match = CHECK.exec(line)
        if (!match) return line
        checks.push({ line: line.trim(), expected: JSON.parse(match[3]!) })
        return `${match[1]}__print(${match[2]})`
      })
      .join('\n')
    const prelude =
      'const __print = (value) => process.stdout.write(JSON.stringify(value === undefined ? null : value) + "\\n");\n'
    const file = join(dirname(readmePath), `.readme-example-${process.pid}-${example}.mjs`)
    writeFileSync(file, prelude + stripTypes(source))
    try {
      const output = execFileSync(process.execPath, [file], { encoding: 'utf8', cwd: dirname(readmePath) }).trim()
      const printed = output === '' ? [] : output.split('\n').map((text) => JSON.parse(text) as unknown)
      return checks.map((check, index) => ({ example, ...check, actual: printed[index] }))
    } finally {
      rmSync(file, { force: true })
    }
  })
}

function stripTypes(source: string): string {
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText
}

/**
 * Type-checks the README's examples as a user's TypeScript project would
 * (the workspace's strict compiler options, `@x/ai-sdk` resolved through
 * the package's `exports` to the built declarations). Returns the
 * compiler's report: empty when every example type-checks.
 */
export function typecheckReadmeExamples(readmePath: string): string {
  const packageDir = dirname(readmePath)
  const base = fileURLToPath(new URL('../../../tooling/tsconfig/base.json', import.meta.url))
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc')
  const dir = mkdtempSync(join(packageDir, '.readme-check-'))
  try {
    readmeExamples(readmePath).forEach((code, index) => writeFileSync(join(dir, `example-${index + 1}.ts`), code))
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: base, compilerOptions: { types: ['node'] }, include: ['*.ts'] }),
    )
    const result = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' })
    return `${result.stdout}${result.stderr}`.replaceAll(dir, '<example>')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
