export { loadMcpCorpus } from './load-mcp-corpus.js'
export { corpusTools } from './corpus-tools.js'
export type { CorpusEntry, CorpusServer, CorpusTool } from './corpus-types.js'
