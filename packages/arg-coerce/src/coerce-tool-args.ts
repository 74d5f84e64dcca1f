import { contextFor } from './internal/context.js'
import { codegen } from './internal/generate.js'
import type { CoerceToolArgsOptions } from './internal/options.js'
import { NO_CODEGEN, readOptions } from './internal/options.js'
import { Walk } from './internal/walk.js'

/**
 * Coerces a tool call's arguments to the types its JSON Schema declares.
 *
 * `schema` is the tool's parameters schema and the document root for every
 * `$ref`. At each position of `args` the schema in force is resolved (`$ref`
 * with siblings, `allOf`, `anyOf`/`oneOf` branches), then: a value the schema
 * already admits is left alone; `"5"` becomes `5` where an integer or number
 * is asked for, `"true"`/`"false"` booleans, `"null"` null where null is
 * admitted; JSON strings become the object or array asked for (recursively);
 * a lone value where only an array is admitted becomes `[value]`; a number
 * or boolean where only a string is admitted becomes its string. Anything
 * else stays as it was.
 *
 * Pure: `args` is never mutated, untouched subtrees are shared, and a call
 * that changes nothing returns `args` itself. Never throws on data (a
 * throwing getter or a revoked Proxy anywhere gives `args` back). The
 * compiled form of `schema` is cached by the schema object, so calling again
 * with the same schema object is fast; from its second call on, the schema's
 * object positions are specialized with `new Function` (property names enter
 * only as string literals), unless `options.codegen` is false or the engine
 * forbids it.
 *
 * @example
 * ```ts
 * const schema = {
 *   type: 'object',
 *   properties: { count: { $ref: '#/$defs/Count' }, verbose: { type: 'boolean' } },
 *   $defs: { Count: { type: 'integer' } },
 * }
 * coerceToolArgs(schema, { count: '5', verbose: 'TRUE' }) // => { count: 5, verbose: true }
 * coerceToolArgs(schema, { count: '07030x' }) // => { count: '07030x' } (unchanged, same object)
 * ```
 *
 * The type parameter is the caller's assertion, not a check: coercion fixes
 * types where it can and leaves everything else as the model sent it, so
 * the result matches the schema only when the arguments could be made to.
 * `coerceToolArgs<Expected>(...)` states what the caller expects, as ajv's
 * `validate<T>` or `JSON.parse(...) as T` would; validate the result when a
 * wrong shape must not get through. Without it the result is `unknown`.
 *
 * @typeParam Expected - the type the caller expects the coerced arguments to have (default `unknown`, nothing claimed)
 * @param schema - the tool's parameters schema (any JSON Schema; `true`/`false` and non-objects coerce nothing)
 * @param args - the arguments as the model sent them (any value, even a JSON string)
 * @param options - `maxDepth`: how many levels of nesting are entered (default 128); `codegen`: false never generates code
 * @returns the coerced arguments, typed as `Expected` on the caller's word
 * @throws TypeError only when `options` is malformed (a programmer error)
 */
export function coerceToolArgs<Expected = unknown>(
  schema: unknown,
  args: unknown,
  options?: CoerceToolArgsOptions,
): Expected {
  // The cast is the caller's assertion (see above); nothing here checks it.
  return coerceUnknown(schema, args, options) as Expected
}

function coerceUnknown(schema: unknown, args: unknown, options: CoerceToolArgsOptions | undefined): unknown {
  const { maxDepth, flags } = readOptions(options)
  if (typeof schema !== 'object' || schema === null) return args
  // A throwing getter or a revoked Proxy, in the schema or the arguments, is
  // bad data like any other: the arguments come back as they were sent.
  try {
    const context = contextFor(schema, flags)
    if (context.root === null) return args
    const generates = ++context.calls >= codegen.after && (flags & NO_CODEGEN) === 0
    return context.root.run(args, maxDepth, new Walk(generates))
  } catch {
    return args
  }
}
