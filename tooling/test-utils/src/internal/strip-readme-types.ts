import { loadTypescript } from './load-typescript.js'

/**
 * `module` (a compiled TypeScript block) with its types stripped, and an
 * inline source map, so a stack trace run with `--enable-source-maps` still
 * names the block's own line even where removed declarations shift the code.
 * No type check here: that is `typecheckReadmeBlocks`' job.
 */
export function stripReadmeTypes(module: string, fileName: string): string {
  const ts = loadTypescript()
  return ts.transpileModule(module, {
    fileName,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      // A README imports types and values alike; unused type-only imports
      // must vanish rather than fail at run time.
      verbatimModuleSyntax: false,
      inlineSourceMap: true,
    },
  }).outputText
}
