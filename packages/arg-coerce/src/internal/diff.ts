import { format } from '@x/json-pointer'

/** One RFC 6902 operation reported by `coerceToolArgsWithPatch`. */
export interface CoercionPatchOperation {
  readonly op: 'replace' | 'add'
  /** RFC 6901 pointer (string form) into the input arguments. */
  readonly path: string
  /** The coerced value, shared with the output (treat it as read-only). */
  readonly value: unknown
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The operations that turn `input` into `output`. Coercion copies only the
 * objects and arrays on the way to a change, so the walk enters only where
 * the two differ (bounded by the coercion's own depth bound) and replaces a
 * value where its type changed. Returns false, with `operations`
 * incomplete, when it reaches an input object or array a second time: the
 * arguments are not a tree (a DAG, a cycle), and a patch entry per path
 * could be 2^depth of them.
 */
export function diff(
  input: unknown,
  output: unknown,
  tokens: Array<string | number>,
  operations: CoercionPatchOperation[],
  entered = new Set<object>(),
): boolean {
  if (input === output) return true
  if (typeof input === 'object' && input !== null) {
    if (entered.has(input)) return false
    entered.add(input)
  }
  if (Array.isArray(input) && Array.isArray(output) && input.length === output.length) {
    for (let index = 0; index < output.length; index++) {
      if (input[index] === output[index]) continue
      tokens.push(index)
      if (!diff(input[index], output[index], tokens, operations, entered)) return false
      tokens.pop()
    }
    return true
  }
  if (isRecord(input) && isRecord(output)) {
    for (const key of Object.keys(output)) {
      if (Object.hasOwn(input, key) && input[key] === output[key]) continue
      tokens.push(key)
      if (!Object.hasOwn(input, key)) operations.push({ op: 'add', path: format(tokens), value: output[key] })
      else if (!diff(input[key], output[key], tokens, operations, entered)) return false
      tokens.pop()
    }
    return true
  }
  operations.push({ op: 'replace', path: format(tokens), value: output })
  return true
}
