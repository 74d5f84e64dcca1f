import { readFileSync } from 'node:fs'
import { dirname, isAbsolute, relative } from 'node:path'
import { compileReadmeBlock } from './internal/compile-readme-block.js'
import { findReadmeBlocks } from './internal/find-readme-blocks.js'
import { runReadmeBlock } from './internal/run-readme-block.js'

/** One `console.log(x) // => json` line of a README example, beside what it printed. */
export interface ReadmeExampleCheck {
  /** 1-based README line of the check. */
  readonly line: number
  /** The line as the README shows it, trimmed. */
  readonly source: string
  /** The JSON after `// =>`, parsed. */
  readonly expected: unknown
  /** What `x` printed, through JSON (`undefined` prints `null`); `undefined` when the line never ran. */
  readonly actual: unknown
  /** `README.md:<line> (example <n>): <source>`: the message to give `expect`, naming the block and line. */
  readonly where: string
}

/** One fenced `js`/`ts` block of a README, run. */
export interface ReadmeExample {
  /** 1-based position among the README's runnable blocks. */
  readonly example: number
  /** 1-based README line of the opening fence. */
  readonly line: number
  /** The block's first line of code, to tell examples apart in test titles. */
  readonly heading: string
  readonly checks: readonly ReadmeExampleCheck[]
}

/** Options of `runReadmeExamples`. */
export interface RunReadmeExamplesOptions {
  /** Milliseconds one block may run before it fails (default 30000), so a hanging example cannot hang the suite. */
  readonly timeout?: number
}

/**
 * Runs every fenced `js` / `javascript` / `ts` / `typescript` block of a
 * README, each as its own ES module in its own process beside the README (so
 * `import ... from '<package name>'` resolves to the built `dist/` through
 * the package's `exports`, as it does for a user), and returns every
 * `console.log(x) // => json` line beside what it printed.
 *
 * The README then cannot drift from the code: the caller asserts `actual`
 * equals `expected` for every check, passing `where` as the message. Blocks
 * run as plain JavaScript (no type annotations). Throws, naming the README
 * line, when a block shows no result (a result nobody checks can drift), when
 * a `// =>` line is not of that form or not JSON, when a line prints more
 * than once, and when a block fails to run or outlives `options.timeout`.
 * Bad options throw a `TypeError`.
 *
 * @example
 * ```ts
 * const examples = runReadmeExamples(fileURLToPath(new URL('../README.md', import.meta.url)))
 * describe.each(examples)('example $example (line $line): $heading', ({ checks }) => {
 *   it.each(checks)('line $line prints what it says', ({ expected, actual, where }) => {
 *     expect(actual, where).toEqual(expected)
 *   })
 * })
 * ```
 */
export function runReadmeExamples(readmePath: string, options: RunReadmeExamplesOptions = {}): ReadmeExample[] {
  const timeout = options.timeout ?? 30_000
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) {
    throw new TypeError(
      `runReadmeExamples: expected options.timeout to be a positive number of milliseconds, received ${describeValue(timeout)}`,
    )
  }
  const shortPath = relative(process.cwd(), readmePath)
  const name = shortPath.startsWith('..') || isAbsolute(shortPath) ? readmePath : shortPath
  return findReadmeBlocks(readFileSync(readmePath, 'utf8')).map((block) => {
    const label = (line: number) => `${name}:${line} (example ${block.example})`
    const compiled = compileReadmeBlock(block, label)
    if (compiled.shown.length === 0) {
      throw new Error(
        `${label(block.line)} shows no result; add "console.log(x) // => json" lines so the README test checks it`,
      )
    }
    const printed = runReadmeBlock(compiled, dirname(readmePath), label, block.line, timeout)
    return {
      example: block.example,
      line: block.line,
      heading: block.code.split('\n', 1)[0] ?? '',
      checks: compiled.shown.map((shown, index) => ({
        ...shown,
        actual: printed[index],
        where: `${label(shown.line)}: ${shown.source}`,
      })),
    }
  })
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  if (typeof value === 'number') return `the number ${value}`
  return value === null ? 'null' : `a value of type ${typeof value}`
}
