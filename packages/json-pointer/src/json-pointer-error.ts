/**
 * What is wrong with a pointer, as a stable string a program can switch on.
 *
 * - `INVALID_TYPE`: the pointer is not a string, or the tokens are not an array.
 * - `MISSING_SLASH`: a non-empty pointer does not start with `/` (RFC 6901 §3).
 * - `MISSING_HASH`: a URI fragment does not start with `#` (RFC 6901 §6).
 * - `INVALID_ESCAPE`: `~` is not followed by `0` or `1` (RFC 6901 §3).
 * - `INVALID_PERCENT_ENCODING`: `%` is not followed by two hex digits.
 * - `INVALID_UTF8`: percent-decoded bytes are not well-formed UTF-8.
 * - `INVALID_TOKEN`: a token is neither a string nor a non-negative safe integer.
 * - `UNPAIRED_SURROGATE`: a token cannot be encoded as UTF-8 for a fragment.
 */
export type JsonPointerErrorCode =
  | 'INVALID_TYPE'
  | 'MISSING_SLASH'
  | 'MISSING_HASH'
  | 'INVALID_ESCAPE'
  | 'INVALID_PERCENT_ENCODING'
  | 'INVALID_UTF8'
  | 'INVALID_TOKEN'
  | 'UNPAIRED_SURROGATE'

/**
 * The one error this package throws: a pointer (string, fragment or token
 * array) that is malformed. Documents never cause it.
 *
 * `pointer` is the text that was being read (for a token array: the pointer
 * formatted from the valid tokens before the bad one). `position` is the
 * UTF-16 offset of the problem in that text, or, for a token array, the index
 * of the bad token.
 *
 * @example
 * ```ts
 * try { parse('a/b') } catch (error) {
 *   error instanceof JsonPointerError // => true
 *   error.code // => 'MISSING_SLASH'
 *   error.position // => 0
 * }
 * ```
 */
export class JsonPointerError extends Error {
  override readonly name = 'JsonPointerError'
  readonly code: JsonPointerErrorCode
  readonly pointer: string
  readonly position: number

  constructor(code: JsonPointerErrorCode, pointer: string, position: number, detail: string) {
    // A wrong type or a bad token has no place in a pointer text to point at.
    super(
      code === 'INVALID_TYPE' || code === 'INVALID_TOKEN' || code === 'UNPAIRED_SURROGATE'
        ? `Invalid JSON Pointer: ${detail}`
        : `Invalid JSON Pointer ${JSON.stringify(pointer)} at position ${position}: ${detail}`,
    )
    this.code = code
    this.pointer = pointer
    this.position = position
  }
}
