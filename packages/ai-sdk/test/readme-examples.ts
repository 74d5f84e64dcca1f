import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const FENCE = /```(?:js|javascript|ts|typescript)\n([\s\S]*?)```/g
const CHECK = /^(\s*)console\.log\((.*)\)\s*\/\/\s*=>\s*(.+)$/

/** One `console.log(x) // => json` line of a README example, with what it printed. */
export interface ExampleCheck {
  readonly example: number
  readonly line: string
  readonly expected: unknown
  readonly actual: unknown
}

/**
 * Runs *every* README code block that has `console.log(x) // => json`
 * lines, each as its own ES module beside the package (so `@x/ai-sdk`
 * resolves to the build through the package's `exports`). This README has
 * two examples, one for each way of using the package, and both must hold;
 * `@x/test-utils`' runReadmeExample runs only the first.
 */
export function runReadmeExamples(readmePath: string): ExampleCheck[] {
  const blocks = [...readFileSync(readmePath, 'utf8').matchAll(FENCE)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.split('\n').some((line) => CHECK.test(line)))
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
    writeFileSync(file, prelude + source)
    try {
      const output = execFileSync(process.execPath, [file], { encoding: 'utf8', cwd: dirname(readmePath) }).trim()
      const printed = output === '' ? [] : output.split('\n').map((text) => JSON.parse(text) as unknown)
      return checks.map((check, index) => ({ example, ...check, actual: printed[index] }))
    } finally {
      rmSync(file, { force: true })
    }
  })
}
