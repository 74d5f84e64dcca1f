import { contextFor } from './internal/context.js'
import type { CoerceToolArgsOptions } from './internal/options.js'
import { DEFAULT_MAX_DEPTH, readCodegen, readMaxDepth } from './internal/options.js'
import { codegen } from './internal/generated-run.js'
import { Kind } from './internal/plan.js'
import { walk } from './internal/walk.js'

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
  if (options === undefined) return coerce(schema, args, DEFAULT_MAX_DEPTH)
  const maxDepth = readMaxDepth(options)
  if (readCodegen(options)) return coerce(schema, args, maxDepth)
  // Only calls that refuse code generation touch the flag, and they restore
  // it: a call made from inside this one (a getter on the arguments) cannot
  // turn it back on for the rest of this call.
  const previous = codegen.allowed
  codegen.allowed = false
  try {
    return coerce(schema, args, maxDepth)
  } finally {
    codegen.allowed = previous
  }
}

function coerce(schema: unknown, args: unknown, maxDepth: number): unknown {
  // A throwing getter or a revoked Proxy, in the schema or the arguments, is
  // bad data like any other: the arguments come back as they were sent.
  // A call made from inside this one (a getter on the arguments) gets its
  // own walk state and leaves this one's as it was (the catch covers every
  // way out, so no `finally` is needed).
  const visits = walk.visits
  const memo = walk.memo
  walk.visits = 0
  walk.memo = undefined
  let result: unknown
  try {
    result = run(schema, args, maxDepth)
  } catch {
    result = args
  }
  walk.visits = visits
  walk.memo = memo
  return result
}

function run(schema: unknown, args: unknown, maxDepth: number): unknown {
  if (typeof schema !== 'object' || schema === null) return args
  const context = contextFor(schema)
  codegen.call = ++context.calls
  const plan = context.root
  if (plan === null) return args
  // The usual call, an object of arguments for an object schema, skips the plan's own dispatch.
  return plan.kind === Kind.Object && typeof args === 'object' && args !== null && !Array.isArray(args) && maxDepth > 0
    ? plan.objectPart!.run(args as Record<string, unknown>, maxDepth - 1)
    : plan.run(args, maxDepth)
}
