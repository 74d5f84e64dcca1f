import { format } from '@x/json-pointer'

/** One RFC 6902 operation reported by `coerceToolArgsWithPatch`. */
export interface CoercionPatchOperation {
  readonly op: 'replace' | 'add'
  /** RFC 6901 pointer (string form) into the input arguments. */
  readonly path: string
  /** The coerced value, shared with the output (treat it as read-only). */
  readonly value: unknown
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Adds to `operations` what turns `input` into `output`. Coercion copies only the objects and arrays on the way to a
 * change, so the walk enters only where the two differ. False, with `operations` incomplete, when it meets an input
 * object a second time: the arguments are not a tree, and one entry per path could be 2^depth of them.
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
  } else if (isRecord(input) && isRecord(output)) {
    for (const key of Object.keys(output)) {
      if (Object.hasOwn(input, key) && input[key] === output[key]) continue
      tokens.push(key)
      if (!Object.hasOwn(input, key)) operations.push({ op: 'add', path: format(tokens), value: output[key] })
      else if (!diff(input[key], output[key], tokens, operations, entered)) return false
      tokens.pop()
    }
  } else operations.push({ op: 'replace', path: format(tokens), value: output })
  return true
}
