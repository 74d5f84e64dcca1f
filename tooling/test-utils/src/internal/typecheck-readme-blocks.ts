import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ReadmeBlock } from './find-readme-blocks.js'
import { loadTypescript } from './load-typescript.js'

// The workspace's strict settings: what the package's own sources compile with.
const BASE = fileURLToPath(new URL('../../../tsconfig/base.json', import.meta.url))

/**
 * Type-checks `blocks` as one user project in `directory` (beside the
 * package's package.json, so `import ... from '<package name>'` resolves
 * through the package's `exports` to the built declarations): the
 * workspace's strict compiler options, Node's types, `ts` blocks as
 * TypeScript and `js` blocks as checked JavaScript. Returns one message per
 * error, `<name>:<line> (example <n>): TS<code>: <message>` with the
 * README line of the error; empty when clean.
 */
export function typecheckReadmeBlocks(blocks: readonly ReadmeBlock[], directory: string, name: string): string[] {
  if (blocks.length === 0) return []
  const ts = loadTypescript()
  const dir = mkdtempSync(join(directory, '.readme-check-'))
  try {
    const byFile = new Map<string, ReadmeBlock>()
    for (const block of blocks) {
      const file = join(dir, `example-${block.example}.${block.typescript ? 'ts' : 'js'}`)
      writeFileSync(file, block.code)
      byFile.set(ts.sys.resolvePath(file), block)
    }
    // Node's types come from beside this file, not from the package: the
    // README's directory may have no `@types/node` of its own.
    const nodeTypes = createRequire(import.meta.url).resolve('@types/node/package.json')
    const config = ts.parseJsonConfigFileContent(
      {
        extends: BASE,
        compilerOptions: { types: ['node'], typeRoots: [dirname(dirname(nodeTypes))], allowJs: true, checkJs: true },
        files: [...byFile.keys()],
      },
      ts.sys,
      dir,
    )
    const program = ts.createProgram({ rootNames: config.fileNames, options: config.options })
    return [...config.errors, ...ts.getPreEmitDiagnostics(program)].map((diagnostic) => {
      const message = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
      const block = diagnostic.file && byFile.get(ts.sys.resolvePath(diagnostic.file.fileName))
      if (!diagnostic.file || diagnostic.start === undefined) return `${name}: ${message}`
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start)
      if (!block) return `${diagnostic.file.fileName}:${line + 1}: ${message}`
      // The block's first line of code is the README line after its fence.
      return `${name}:${block.line + 1 + line} (example ${block.example}): ${message}`
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
