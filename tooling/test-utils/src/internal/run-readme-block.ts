import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MARK, type CompiledBlock } from './compile-readme-block.js'

/**
 * Runs a compiled block as its own ES module in `directory` (beside the
 * package's package.json, so `import ... from '<package name>'` resolves to
 * the built `dist/` through the package's own `exports`, as it does for a
 * user), with `env` over this process's environment, and returns, for
 * each shown result, what the line printed (`undefined` when it never ran). `label(line)` names a README line in
 * errors; `line` is the block's fence.
 */
export function runReadmeBlock(
  compiled: CompiledBlock,
  directory: string,
  label: (line: number) => string,
  line: number,
  timeout: number,
  env: Readonly<Record<string, string>> = {},
): unknown[] {
  const name = label(line)
  // A separate process per block: one example's module state, globals or
  // monkey-patching can never make another pass.
  const file = join(directory, `.readme-example-${process.pid}-${Math.random().toString(36).slice(2)}.mjs`)
  writeFileSync(file, compiled.module)
  let output: string
  try {
    // Source maps: a type-stripped block's stack trace names its own lines.
    output = execFileSync(process.execPath, ['--enable-source-maps', file], {
      encoding: 'utf8',
      cwd: directory,
      env: { ...process.env, ...env },
      timeout,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (error) {
    const failure = error as { signal?: string | null; stderr?: string }
    if (failure.signal) throw new Error(`${name} did not finish within ${timeout} ms`, { cause: error })
    // The reporter is appended, so a stack trace's line N is the block's line N.
    throw new Error(
      `${name} failed to run (module line N is README line ${line} + N):\n${(failure.stderr ?? '').trim()}`,
      { cause: error },
    )
  } finally {
    rmSync(file, { force: true })
  }
  const printed: unknown[][] = compiled.shown.map(() => [])
  for (const text of output.split('\n')) {
    if (!text.startsWith(MARK)) continue
    const rest = text.slice(MARK.length)
    const space = rest.indexOf(' ')
    printed[Number(rest.slice(0, space))]?.push(JSON.parse(rest.slice(space + 1)))
  }
  return printed.map((values, index) => {
    // One line, one shown result: a line in a loop shows several values and
    // the README cannot say which one it means.
    if (values.length > 1)
      throw new Error(
        `${label(compiled.shown[index]!.line)}: printed ${values.length} times; a shown result must print once`,
      )
    return values[0]
  })
}
