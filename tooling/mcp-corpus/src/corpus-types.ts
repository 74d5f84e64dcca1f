/**
 * One tool exactly as a server advertised it in its `tools/list` answer.
 * Only `name` and an object `inputSchema` are guaranteed; everything else
 * (title, annotations, outputSchema, `_meta`) is kept as received.
 */
export interface CorpusTool {
  readonly name: string
  readonly description?: string
  readonly inputSchema: { readonly type: 'object'; readonly [keyword: string]: unknown }
  readonly outputSchema?: { readonly [keyword: string]: unknown }
  readonly [field: string]: unknown
}

/** One captured server: `fixtures/<slug>.json`. */
export interface CorpusServer {
  /** File name of the fixture without `.json`, e.g. `notion-mcp-server`. */
  readonly slug: string
  /** npm package name, e.g. `@notionhq/notion-mcp-server`. */
  readonly server: string
  /** Exact npm version the tools were listed from. */
  readonly version: string
  /** Client and transport that performed the capture. */
  readonly capturedWith: string
  /** The bin and arguments the server was started with. */
  readonly command: readonly string[]
  /**
   * The dummy environment variables the server was given, by name (no real
   * credential is ever captured; `{workdir}` stands for the scratch
   * directory the server ran in).
   */
  readonly env: Readonly<Record<string, string>>
  /** Every tool over all `tools/list` pages, in the server's order. */
  readonly tools: readonly CorpusTool[]
}

/** One tool of the corpus with the server it came from. */
export interface CorpusEntry {
  readonly server: string
  readonly version: string
  readonly tool: CorpusTool
}
