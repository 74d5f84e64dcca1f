import { MISSING, resolve } from './internal/resolve.js'

/**
 * Whether a JSON Pointer refers to a value in `doc`, following the same rules
 * as {@link get}; `true` even when the value there is `undefined` or `null`.
 *
 * @throws {JsonPointerError} for a malformed pointer, as {@link get} does.
 *
 * @example
 * ```ts
 * has({ a: null }, '/a') // => true
 * has({ a: null }, '/b') // => false
 * has([1, 2], '/-') // => false
 * ```
 */
export function has(doc: unknown, pointer: string | ReadonlyArray<string | number>): boolean {
  return resolve(doc, pointer) !== MISSING
}
