import { format } from '@x/json-pointer'
import { type CoerceToolArgsOptions, coerceToolArgs } from './coerce-tool-args.js'
import { isRecord } from './internal/shape.js'

/** One RFC 6902 operation reported by `coerceToolArgsWithPatch`. */
export interface CoercionPatchOperation {
  readonly op: 'replace' | 'add'
  /** RFC 6901 pointer (string form) into the input arguments. */
  readonly path: string
  /** The coerced value, shared with the output (treat it as read-only). */
  readonly value: unknown
}

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
  if (coerced === args) return { args: coerced, patch: [] }
  try {
    return { args: coerced, patch: patchOf(args, coerced) ?? [{ op: 'replace', path: '', value: coerced }] }
  } catch {
    // The walk reads the input again: a getter throwing only now (or a Proxy revoked since) leaves no patch to trust.
    return { args: args as Expected, patch: [] }
  }
}

// The operations from `args` to `coerced`, entering only where they differ (coercion copies just the path to a change).
// Undefined at an input object met twice: not a tree, and one operation per path could be 2^depth.
function patchOf(args: unknown, coerced: unknown): CoercionPatchOperation[] | undefined {
  const operations: CoercionPatchOperation[] = []
  const tokens: Array<string | number> = []
  const entered = new Set<object>()
  const diff = (input: unknown, output: unknown): boolean => {
    if (typeof input === 'object' && input !== null) {
      if (entered.has(input)) return false
      entered.add(input)
    }
    if (Array.isArray(input) && Array.isArray(output) && input.length === output.length) {
      for (let index = 0; index < output.length; index++) {
        if (input[index] === output[index]) continue
        tokens.push(index)
        if (!diff(input[index], output[index])) return false
        tokens.pop()
      }
    } else if (isRecord(input) && isRecord(output)) {
      for (const key of Object.keys(output)) {
        if (Object.hasOwn(input, key) && input[key] === output[key]) continue
        tokens.push(key)
        if (!Object.hasOwn(input, key)) operations.push({ op: 'add', path: format(tokens), value: output[key] })
        else if (!diff(input[key], output[key])) return false
        tokens.pop()
      }
    } else operations.push({ op: 'replace', path: format(tokens), value: output })
    return true
  }
  return diff(args, coerced) ? operations : undefined
}
