import { contextFor } from './internal/context.js'
import { codegen } from './internal/generate.js'
import { type CoerceToolArgsOptions, NO_CODEGEN, readOptions } from './internal/options.js'
import { Walk } from './internal/walk.js'

export type { CoerceToolArgsOptions }

/**
 * Coerces a tool call's arguments to the types its JSON Schema declares.
 *
 * `schema` is the tool's parameters schema, the root of every `$ref`. At each position the schema in force is resolved
 * (`$ref` with siblings, `allOf`, `anyOf`/`oneOf`); a value it admits stays; `"5"` becomes `5` for integer/number,
 * `"true"` a boolean, `"null"` null; JSON text the object or array asked for; a lone value `[value]` where only an
 * array is admitted; a number or boolean its string where only a string is. Anything else stays (see the README).
 *
 * Pure: `args` is never mutated, untouched subtrees are shared, and a call that changes nothing returns `args` itself.
 * Never throws on data. The compiled schema is cached per (schema object, options); from its second call on, object
 * positions are specialized with `new Function` (names enter only as literals) unless `options.codegen` is false.
 *
 * @example
 * ```ts
 * const schema = { type: 'object', properties: { count: { $ref: '#/$defs/C' } }, $defs: { C: { type: 'integer' } } }
 * coerceToolArgs(schema, { count: '5' }) // => { count: 5 }
 * ```
 *
 * @typeParam Expected - the result type the caller asserts (default `unknown`); not checked, like ajv's `validate<T>`
 * @param schema - the tool's parameters schema (`true`/`false` and non-objects coerce nothing)
 * @param args - the arguments as the model sent them (any value, even a JSON string)
 * @param options - see {@link CoerceToolArgsOptions}
 * @throws TypeError only when `options` is malformed (a programmer error)
 */
export function coerceToolArgs<Expected = unknown>(
  schema: unknown,
  args: unknown,
  options?: CoerceToolArgsOptions,
): Expected {
  const { maxDepth, flags } = readOptions(options)
  if (typeof schema !== 'object' || schema === null) return args as Expected
  // A throwing getter or a revoked Proxy in the schema or the arguments is bad data: the arguments come back as sent.
  try {
    const context = contextFor(schema, flags)
    if (context.root === null) return args as Expected
    // Its own walk: a call made from a getter in the arguments cannot disturb one in progress.
    const walk = new Walk(++context.calls >= codegen.after && (flags & NO_CODEGEN) === 0)
    // What context.root.run does with an object, without the dispatch on its type.
    const run = context.entry?.generated
    if (run != null && typeof args === 'object' && args !== null && !Array.isArray(args) && maxDepth > 0)
      return run(args as Record<string, unknown>, maxDepth - 1, walk) as Expected
    return context.root.run(args, maxDepth, walk) as Expected
  } catch {
    return args as Expected
  }
}
