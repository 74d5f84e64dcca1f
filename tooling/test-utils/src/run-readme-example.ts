import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { CHECK, compileReadmeBlock } from './internal/compile-readme-block.js'
import { findReadmeBlocks } from './internal/find-readme-blocks.js'
import { runReadmeBlock } from './internal/run-readme-block.js'

/** One `console.log(value) // => expected` line of a README example. */
export interface ReadmeCheck {
  line: string
  expected: unknown
  actual: unknown
}

/**
 * Runs the first README code block that has `console.log(x) // => json`
 * lines, as a real ES module beside the package (so `import ... from
 * '<package name>'` resolves to the built `dist/` through the package's own
 * `exports`), and returns each expected value beside what was printed.
 *
 * Expected values are JSON. The README therefore cannot drift from the code:
 * a test asserts `actual` equals `expected` for every line.
 *
 * @deprecated Use `runReadmeExamples`, which runs every block, fails on a
 * block that shows no result and names the README line of each check.
 */
export function runReadmeExample(readmePath: string): ReadmeCheck[] {
  const block = findReadmeBlocks(readFileSync(readmePath, 'utf8')).find((candidate) =>
    candidate.code.split('\n').some((line) => CHECK.test(line)),
  )
  if (block === undefined) throw new Error(`${readmePath}: no code block with "console.log(x) // => json" lines`)
  const label = (line: number) => `${readmePath}:${line}`
  const compiled = compileReadmeBlock(block, label)
  const printed = runReadmeBlock(compiled, dirname(readmePath), label, block.line, 30_000)
  return compiled.shown.map((shown, index) => ({
    line: shown.source,
    expected: shown.expected,
    actual: printed[index],
  }))
}
