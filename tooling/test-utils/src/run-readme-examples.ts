import { readFileSync } from 'node:fs'
import { dirname, isAbsolute, relative } from 'node:path'
import { compileReadmeBlock } from './internal/compile-readme-block.js'
import { findReadmeBlocks } from './internal/find-readme-blocks.js'
import { runReadmeBlock } from './internal/run-readme-block.js'
import { stripReadmeTypes } from './internal/strip-readme-types.js'
import { typecheckReadmeBlocks } from './internal/typecheck-readme-blocks.js'

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
  /** The block's code as the README shows it. */
  readonly code: string
  readonly checks: readonly ReadmeExampleCheck[]
}

/** Options of `runReadmeExamples`. */
export interface RunReadmeExamplesOptions {
  /** Milliseconds one block may run before it fails (default 30000), so a hanging example cannot hang the suite. */
  readonly timeout?: number
  /**
   * Type-check every block first (default `false`), as one user project
   * beside the README: the workspace's strict compiler options, Node's
   * types, the package resolved through its `exports` to the built
   * declarations, `ts` blocks as TypeScript and `js` blocks as checked
   * JavaScript. Any error throws, naming the README line of each.
   */
  readonly typecheck?: boolean
  /** Environment variables for the blocks' processes, over this process's own (e.g. a `PATH` with the package's bin). */
  readonly env?: Readonly<Record<string, string>>
}

/**
 * Runs every fenced `js` / `javascript` / `ts` / `typescript` block of a
 * README, each as its own ES module in its own process beside the README (so
 * `import ... from '<package name>'` resolves to the built `dist/` through
 * the package's `exports`, as it does for a user), and returns every
 * `console.log(x) // => json` line beside what it printed.
 *
 * The README then cannot drift from the code: the caller asserts `actual`
 * equals `expected` for every check, passing `where` as the message.
 * Blocks fenced `ts` / `typescript` have their types stripped first (no type
 * check unless `options.typecheck`; `typescript` is loaded only then or for
 * a TypeScript block); `js` blocks run as written. Throws, naming the README
 * line, when a block shows no result (a result nobody checks can drift), when
 * a `// =>` line is not of that form or not JSON, when a line prints more
 * than once, when a block fails to run or outlives `options.timeout`, and,
 * with `options.typecheck`, when a block does not type-check.
 * Bad options throw a `TypeError`.
 *
 * @example
 * ```ts
 * const examples = runReadmeExamples(fileURLToPath(new URL('../README.md', import.meta.url)), { typecheck: true })
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
  const typecheck = options.typecheck ?? false
  if (typeof typecheck !== 'boolean') {
    throw new TypeError(
      `runReadmeExamples: expected options.typecheck to be a boolean, received ${describeValue(typecheck)}`,
    )
  }
  const env = options.env ?? {}
  if (typeof env !== 'object' || env === null || Object.values(env).some((value) => typeof value !== 'string')) {
    throw new TypeError(
      `runReadmeExamples: expected options.env to be an object of strings, received ${describeValue(env)}`,
    )
  }
  const shortPath = relative(process.cwd(), readmePath)
  const name = shortPath.startsWith('..') || isAbsolute(shortPath) ? readmePath : shortPath
  const directory = dirname(readmePath)
  const blocks = findReadmeBlocks(readFileSync(readmePath, 'utf8'))
  if (typecheck) {
    const errors = typecheckReadmeBlocks(blocks, directory, name)
    if (errors.length > 0) throw new Error(`${name}: the examples do not type-check:\n${errors.join('\n')}`)
  }
  return blocks.map((block) => {
    const label = (line: number) => `${name}:${line} (example ${block.example})`
    const compiled = compileReadmeBlock(block, label)
    if (compiled.shown.length === 0) {
      throw new Error(
        `${label(block.line)} shows no result; add "console.log(x) // => json" lines so the README test checks it`,
      )
    }
    const runnable = block.typescript
      ? { ...compiled, module: stripReadmeTypes(compiled.module, `example-${block.example}.ts`) }
      : compiled
    const printed = runReadmeBlock(runnable, directory, label, block.line, timeout, env)
    return {
      example: block.example,
      line: block.line,
      heading: block.code.split('\n', 1)[0] ?? '',
      code: block.code,
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
