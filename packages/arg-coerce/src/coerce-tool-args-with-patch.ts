import { coerceToolArgs } from './coerce-tool-args.js'
import type { CoercionPatchOperation } from './internal/diff.js'
import { diff } from './internal/diff.js'
import type { CoerceToolArgsOptions } from './internal/options.js'

/**
 * What `coerceToolArgsWithPatch` returns.
 *
 * @typeParam Expected - the type of `args` as the caller asserts it (default `unknown`)
 */
export interface CoerceToolArgsWithPatchResult<Expected = unknown> {
  /** The coerced arguments, exactly as `coerceToolArgs` returns them (typed on the caller's word). */
  readonly args: Expected
  /** RFC 6902 operations that turn the input into `args` (empty when nothing changed). */
  readonly patch: readonly CoercionPatchOperation[]
}

/**
 * Coerces like {@link coerceToolArgs} and also reports every change as an
 * RFC 6902 JSON Patch, for logs and audit trails.
 *
 * Each operation is a `replace` at the deepest position whose value changed
 * (an `add` only if a key appeared, which coercion itself never does), with
 * its path formatted by `@x/json-pointer`. Applying the patch to a copy of
 * the input (with fast-json-patch, say) gives exactly `args`. A coerced
 * whole (a JSON string turned into an object) is one `replace` of that
 * position, including the root (path `""`). When a changed object or
 * array of the input stands at several positions (the arguments are not a
 * JSON tree), the patch is one `replace` of the root. Never throws on data: a
 * throwing getter or a revoked Proxy gives `{ args, patch: [] }`.
 *
 * @example
 * ```ts
 * const schema = { type: 'object', properties: { count: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } }
 * coerceToolArgsWithPatch(schema, { count: '5', tags: 'a' })
 * // => { args: { count: 5, tags: ['a'] },
 * //      patch: [{ op: 'replace', path: '/count', value: 5 }, { op: 'replace', path: '/tags', value: ['a'] }] }
 * ```
 *
 * As for {@link coerceToolArgs}, the type parameter is the caller's
 * assertion about `args`, not a check; without it `args` is `unknown`.
 *
 * @typeParam Expected - the type the caller expects `args` to have (default `unknown`)
 * @param schema - the tool's parameters schema, the root for `$ref`
 * @param args - the arguments as the model sent them
 * @param options - as for `coerceToolArgs`
 * @throws TypeError only when `options` is malformed
 */
export function coerceToolArgsWithPatch<Expected = unknown>(
  schema: unknown,
  args: unknown,
  options?: CoerceToolArgsOptions,
): CoerceToolArgsWithPatchResult<Expected> {
  // The casts are the caller's assertion (see above); nothing here checks it.
  return withPatch(schema, args, options) as CoerceToolArgsWithPatchResult<Expected>
}

function withPatch(
  schema: unknown,
  args: unknown,
  options: CoerceToolArgsOptions | undefined,
): CoerceToolArgsWithPatchResult {
  const coerced = coerceToolArgs(schema, args, options)
  if (coerced === args) return { args, patch: [] }
  const patch: CoercionPatchOperation[] = []
  try {
    // Arguments that share an object between positions: one replace of the whole.
    if (!diff(args, coerced, [], patch)) return { args: coerced, patch: [{ op: 'replace', path: '', value: coerced }] }
  } catch {
    // The walk reads the input again: a getter that threw only now (or a
    // Proxy revoked meanwhile) leaves no patch to trust, so nothing changes.
    return { args, patch: [] }
  }
  return { args: coerced, patch }
}
