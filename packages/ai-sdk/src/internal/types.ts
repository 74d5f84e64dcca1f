import type { LanguageModelMiddleware } from 'ai'

// The model-side shapes are read off the middleware type that `ai` exports,
// so the package needs no direct dependency on `@ai-sdk/provider` (which a
// strict installer would not let users' code resolve) and follows the shapes
// of the installed `ai` version.

type TransformParams = NonNullable<LanguageModelMiddleware['transformParams']>
type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>

/** What a language model call receives (`LanguageModelV3CallOptions`). */
export type CallOptions = Parameters<TransformParams>[0]['params']
/** The wrapped model, as the middleware sees it. */
export type WrappedModel = Parameters<TransformParams>[0]['model']
/** What `doGenerate` returns. */
export type GenerateResult = Awaited<ReturnType<WrapGenerate>>
/** What `doStream` returns. */
export type StreamResult = Awaited<ReturnType<WrapStream>>
/** One part of a model's stream. */
export type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never
/** One part of a generated answer's content. */
export type ContentPart = GenerateResult['content'][number]
/** A tool call the model made (`input` is JSON text). */
export type ToolCallContent = Extract<ContentPart, { type: 'tool-call' }>
/** One tool offered to the model: a function tool or a provider tool. */
export type CallTool = NonNullable<CallOptions['tools']>[number]
/** A function tool offered to the model. */
export type FunctionTool = Extract<CallTool, { type: 'function' }>
/** One message of the prompt. */
export type PromptMessage = CallOptions['prompt'][number]
