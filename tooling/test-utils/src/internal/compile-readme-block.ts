import type { ReadmeBlock } from './find-readme-blocks.js'

/** One `console.log(x) // => json` line of a block, before it runs. */
export interface ShownResult {
  /** 1-based README line. */
  readonly line: number
  /** The line as the README shows it, trimmed. */
  readonly source: string
  readonly expected: unknown
}

/** A block rewritten to report each shown result, and what it should report. */
export interface CompiledBlock {
  readonly module: string
  readonly shown: readonly ShownResult[]
}

export const CHECK = /^(\s*)console\.log\((.*)\)\s*\/\/\s*=>\s*(.+)$/
const ARROW = /\/\/\s*=>/

/** Name of the reporting function appended to every compiled block. */
export const REPORT = '__readmeReport'
/** Prefix of a reported line on stdout, so the example's own output never shifts the results. */
export const MARK = '\u001e readme-result '

// Declared after the block's code (function declarations hoist), so line N of
// the module is line N of the block in a stack trace.
const EPILOGUE =
  `\nfunction ${REPORT}(index, value) {\n` +
  `  process.stdout.write(${JSON.stringify(MARK)} + index + ' ' + JSON.stringify(value === undefined ? null : value) + '\\n')\n` +
  `}\n`

/**
 * Rewrites each `console.log(x) // => json` line of `block` into a report of
 * `x`, tagged with its index. `label(line)` names a README line in errors.
 * Throws when a `// =>` line is not in that form or its value is not JSON:
 * a result the runner cannot check must not pass silently.
 */
export function compileReadmeBlock(block: ReadmeBlock, label: (line: number) => string): CompiledBlock {
  const shown: ShownResult[] = []
  const lines = block.code.split('\n').map((text, offset) => {
    const line = block.line + 1 + offset
    const match = CHECK.exec(text)
    if (!match) {
      if (ARROW.test(text))
        throw new Error(
          `${label(line)}: a shown result must read "console.log(x) // => json", received ${JSON.stringify(text.trim())}`,
        )
      return text
    }
    let expected: unknown
    try {
      expected = JSON.parse(match[3]!)
    } catch (error) {
      throw new Error(`${label(line)}: the shown result is not JSON, received ${JSON.stringify(match[3])}`, {
        cause: error,
      })
    }
    shown.push({ line, source: text.trim(), expected })
    return `${match[1]}${REPORT}(${shown.length - 1}, ${match[2]})`
  })
  return { module: lines.join('\n') + EPILOGUE, shown }
}
