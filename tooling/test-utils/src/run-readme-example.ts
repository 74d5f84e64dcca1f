import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** One `console.log(value) // => expected` line of a README example. */
export interface ReadmeCheck {
  line: string
  expected: unknown
  actual: unknown
}

const FENCE = /```(?:js|javascript|ts|typescript)\n([\s\S]*?)```/g
const CHECK = /^(\s*)console\.log\((.*)\)\s*\/\/\s*=>\s*(.+)$/

/**
 * Runs the first README code block that has `console.log(x) // => json`
 * lines, as a real ES module beside the package (so `import ... from
 * '<package name>'` resolves to the built `dist/` through the package's own
 * `exports`), and returns each expected value beside what was printed.
 *
 * Expected values are JSON. The README therefore cannot drift from the code:
 * a test asserts `actual` equals `expected` for every line.
 */
export function runReadmeExample(readmePath: string): ReadmeCheck[] {
  const markdown = readFileSync(readmePath, 'utf8')
  const block = [...markdown.matchAll(FENCE)]
    .map((match) => match[1] ?? '')
    .find((code) => code.split('\n').some((line) => CHECK.test(line)))
  if (block === undefined) throw new Error(`${readmePath}: no code block with "console.log(x) // => json" lines`)

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
  const file = join(dirname(readmePath), `.readme-example-${process.pid}.mjs`)
  writeFileSync(file, prelude + source)
  try {
    const output = execFileSync(process.execPath, [file], { encoding: 'utf8', cwd: dirname(readmePath) })
    const printed = output.trim() === '' ? [] : output.trim().split('\n').map((text) => JSON.parse(text) as unknown)
    return checks.map((check, index) => ({ ...check, actual: printed[index] }))
  } finally {
    rmSync(file, { force: true })
  }
}
