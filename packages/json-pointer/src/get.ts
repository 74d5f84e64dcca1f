import { MISSING, resolve } from './internal/resolve.js'

/**
 * Reads the value a JSON Pointer refers to, or `undefined` when there is none.
 *
 * `pointer` is a pointer string (`"/a/0"`: read straight from the text on
 * first use, kept parsed in a small bounded cache from its second) or a
 * token array (`['a', 0]`, as {@link parse} returns, read without
 * unescaping; numbers are array indices).
 * Reads follow RFC 6901 §4 strictly: own properties only (`/__proto__`,
 * `/constructor`, `/toString` never reach a prototype), and an array takes
 * only `0` or digits without a leading zero below its length (`-`, `01`,
 * `length` never resolve).
 *
 * Never throws because of `doc` (null, primitives, frozen, cyclic: all
 * fine). A malformed pointer is a programmer error and throws, exactly as
 * {@link parse} would; use {@link has} to tell a stored `undefined` apart
 * from a missing value.
 *
 * @throws {JsonPointerError} for a malformed pointer string, or a token that
 * is neither a string nor a non-negative safe integer (`INVALID_TOKEN`).
 *
 * @example
 * ```ts
 * const doc = { a: [{ b: 1 }] }
 * get(doc, '/a/0/b') // => 1
 * get(doc, ['a', 0, 'b']) // => 1
 * get(doc, '/a/1') // => undefined
 * get(doc, '/__proto__') // => undefined
 * ```
 */
export function get(doc: unknown, pointer: string | ReadonlyArray<string | number>): unknown {
  const value = resolve(doc, pointer)
  return value === MISSING ? undefined : value
}
