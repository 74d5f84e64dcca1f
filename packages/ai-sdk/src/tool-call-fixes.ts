import type { LanguageModelMiddleware } from 'ai'
import { fixGenerateResult } from './internal/fix-generate-result.js'
import { fixStream } from './internal/fix-stream.js'
import { declaredNames, prepareRequest } from './internal/prepare-request.js'
import { readOptions } from './internal/read-options.js'
import type { RequestFixes } from './internal/request-fixes.js'
import { createAnswerFixer } from './internal/request-fixes.js'
import type { CallOptions } from './internal/types.js'

/** Options of {@link toolCallFixes}. */
export interface ToolCallFixesOptions {
  /**
   * Split a batched `tool_call` and OpenAI's `multi_tool_use.parallel`
   * wrapper into one tool call per entry (default true).
   */
  readonly splitBatches?: boolean
}

/**
 * A `LanguageModelMiddleware` for `wrapLanguageModel` that makes the
 * model's tool calls arrive as the tools declared them.
 *
 * @example
 * ```ts
 * const model = wrapLanguageModel({ model: openai('gpt-4.1'), middleware: toolCallFixes() })
 * ```
 *
 * @throws TypeError when `options` is malformed (a programmer error, raised here, never during a call)
 */
export function toolCallFixes(options?: ToolCallFixesOptions): LanguageModelMiddleware {
  const settings = readOptions(options)
  // Keyed by the params object `transformParams` returned, which the SDK
  // hands to `wrapGenerate`/`wrapStream` of the same request: each request
  // finds its own fixes, however many run at once.
  const requests = new WeakMap<CallOptions, RequestFixes>()
  const fixesFor = (params: CallOptions): RequestFixes =>
    requests.get(params) ?? { declared: declaredNames(params), splitBatches: settings.splitBatches, restore: (call) => call }
  return {
    specificationVersion: 'v3',
    transformParams: async ({ params }) => {
      const prepared = prepareRequest(params, settings)
      requests.set(prepared.params, prepared.fixes)
      return prepared.params
    },
    wrapGenerate: async ({ doGenerate, params }) => fixGenerateResult(await doGenerate(), createAnswerFixer(fixesFor(params))),
    wrapStream: async ({ doStream, params }) => {
      const result = await doStream()
      return { ...result, stream: fixStream(result.stream, createAnswerFixer(fixesFor(params))) }
    },
  }
}
