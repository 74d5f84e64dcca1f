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
 * Coerces like {@link coerceToolArgs} and also reports every change as an RFC 6902 JSON Patch: a `replace` at each
 * deepest changed position (paths by `@x/json-pointer`; a JSON string turned into an object is one `replace`, the
 * root's path is `""`). Applying it to a copy of the input gives exactly `args`. When a changed input object stands
 * at several positions (not a tree) the patch is one `replace` of the root. Never throws on data: a throwing getter
 * or a revoked Proxy gives `{ args, patch: [] }`.
 *
 * @example
 * ```ts
 * coerceToolArgsWithPatch({ type: 'object', properties: { count: { type: 'integer' } } }, { count: '5' })
 * // => { args: { count: 5 }, patch: [{ op: 'replace', path: '/count', value: 5 }] }
 * ```
 *
 * @typeParam Expected - the type the caller asserts `args` has (default `unknown`); not checked
 * @throws TypeError only when `options` is malformed
 */
export function coerceToolArgsWithPatch<Expected = unknown>(
  schema: unknown,
  args: unknown,
  options?: CoerceToolArgsOptions,
): CoerceToolArgsWithPatchResult<Expected> {
  const coerced = coerceToolArgs<Expected>(schema, args, options)
  // The cast is the caller's assertion (see above); nothing here checks it.
  const unchanged = { args: args as Expected, patch: [] }
  if (coerced === args) return unchanged
  const patch: CoercionPatchOperation[] = []
  try {
    // Arguments that share an object between positions: one replace of the whole.
    if (!diff(args, coerced, [], patch)) return { args: coerced, patch: [{ op: 'replace', path: '', value: coerced }] }
  } catch {
    // The walk reads the input again: a getter that threw only now (or a Proxy revoked meanwhile) leaves no patch to
    // trust, so nothing changes.
    return unchanged
  }
  return { args: coerced, patch }
}
