import type { ProviderName } from '@x/provider-schema'
import type { LanguageModelMiddleware } from 'ai'
import { fixGenerateResult } from './internal/fix-generate-result.js'
import { fixStream } from './internal/fix-stream.js'
import { declaredNames, prepareRequest } from './internal/prepare-request.js'
import { inferProvider } from './infer-provider.js'
import { readOptions } from './internal/read-options.js'
import type { RequestFixes } from './internal/request-fixes.js'
import { createAnswerFixer } from './internal/request-fixes.js'
import type { CallOptions, WrappedModel } from './internal/types.js'

/** Options of {@link toolCallFixes}. */
export interface ToolCallFixesOptions {
  /**
   * The `@x/provider-schema` profile the tools are prepared for. Default:
   * inferred from the wrapped model's provider id on every call (see
   * `inferProvider`); `'openai-strict'` is only ever used when given here.
   */
  readonly provider?: ProviderName
  /**
   * Split a batched `tool_call` and OpenAI's `multi_tool_use.parallel`
   * wrapper into one tool call per entry (default true).
   */
  readonly splitBatches?: boolean
}

/**
 * A `LanguageModelMiddleware` for `wrapLanguageModel` that makes a model's
 * tool calls arrive as the tools declared them.
 *
 * On the way out (`transformParams`) each function tool is prepared for the
 * provider with `@x/provider-schema`: a name and a schema the provider
 * accepts (keys renamed, keywords it rejects rewritten, strict-mode rules);
 * a forced `toolChoice` and the earlier tool calls and results of the
 * prompt are written with the names and keys the model is shown. On the way
 * back (`wrapGenerate`, `wrapStream`) a batched `tool_call` and OpenAI's
 * `multi_tool_use.parallel` are split into one call per entry
 * (`@x/batch-split`'s deterministic ids), then every call is restored: the
 * original tool name, arguments coerced to the declared types, original
 * keys. The SDK then validates and executes exactly what the tool declared.
 *
 * Streams: a call's `tool-input-*` parts are held until its `tool-call`;
 * an unchanged call replays them as sent, a rewritten one gets start, one
 * delta with the final input, end. Each request keeps its own maps, so one
 * wrapped model serves concurrent calls with different tools.
 *
 * Calls that cannot be fixed (a tool no one declared, input that is not
 * JSON, a batch over the limit) are passed on as the model sent them; the
 * SDK reports them to the model as tool errors, as it would without this.
 *
 * @example
 * ```ts
 * const model = wrapLanguageModel({ model: openai('gpt-5'), middleware: toolCallFixes() })
 * await generateText({ model, tools, prompt })
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
  const fixesFor = (params: CallOptions, model: WrappedModel): RequestFixes =>
    requests.get(params) ?? {
      declared: declaredNames(params),
      provider: settings.provider ?? inferProvider(model),
      splitBatches: settings.splitBatches,
      restore: (call) => call,
    }
  return {
    specificationVersion: 'v3',
    transformParams: async ({ params, model }) => {
      const prepared = prepareRequest(params, model, settings)
      requests.set(prepared.params, prepared.fixes)
      return prepared.params
    },
    wrapGenerate: async ({ doGenerate, params, model }) =>
      fixGenerateResult(await doGenerate(), createAnswerFixer(fixesFor(params, model))),
    wrapStream: async ({ doStream, params, model }) => {
      const result = await doStream()
      return { ...result, stream: fixStream(result.stream, createAnswerFixer(fixesFor(params, model))) }
    },
  }
}
