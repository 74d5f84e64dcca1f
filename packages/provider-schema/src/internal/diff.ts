import { format } from '@x/json-pointer'
import type { JsonPatchOperation } from '../types.js'
import { LIMITS } from './limits.js'
import { isRecord } from './own.js'

/**
 * RFC 6902 operations that turn `input` into `output`. Restoring copies only
 * the objects and arrays on the way to a change, so the walk enters only
 * where the two differ; past the depth bound a position is replaced whole.
 */
export function diff(
  input: unknown,
  output: unknown,
  tokens: Array<string | number>,
  operations: JsonPatchOperation[],
): void {
  if (input === output) return
  if (
    tokens.length < LIMITS.maxValueDepth &&
    Array.isArray(input) &&
    Array.isArray(output) &&
    input.length === output.length
  ) {
    for (let index = 0; index < output.length; index++) {
      if (input[index] === output[index]) continue
      tokens.push(index)
      diff(input[index], output[index], tokens, operations)
      tokens.pop()
    }
    return
  }
  if (tokens.length < LIMITS.maxValueDepth && isRecord(input) && isRecord(output)) {
    for (const key of Object.keys(input)) {
      if (Object.hasOwn(output, key)) continue
      tokens.push(key)
      operations.push({ op: 'remove', path: format(tokens) })
      tokens.pop()
    }
    for (const key of Object.keys(output)) {
      tokens.push(key)
      if (!Object.hasOwn(input, key)) operations.push({ op: 'add', path: format(tokens), value: output[key] })
      else if (input[key] !== output[key]) diff(input[key], output[key], tokens, operations)
      tokens.pop()
    }
    return
  }
  operations.push({ op: 'replace', path: format(tokens), value: output })
}
