import { JsonPointerError } from './json-pointer-error.js'
import { describe } from './internal/describe.js'
import { splitPointer } from './internal/split.js'

/**
 * Parses an RFC 6901 JSON Pointer string into its reference tokens.
 *
 * `""` is the whole document (no tokens); every other pointer starts with
 * `/`. Tokens are unescaped per RFC 6901 §4: `~1` is `/`, `~0` is `~`, and
 * `~01` is the token `~1`. Tokens stay strings: whether `"0"` is an array
 * index depends on the document, so {@link get} decides.
 *
 * @throws {JsonPointerError} `INVALID_TYPE` for a non-string, `MISSING_SLASH`,
 * or `INVALID_ESCAPE` (a `~` not followed by `0` or `1`).
 *
 * @example
 * ```ts
 * parse('/a~1b/m~0n/0') // => ['a/b', 'm~n', '0']
 * parse('') // => []
 * parse('/') // => ['']
 * ```
 */
export function parse(pointer: string): string[] {
  if (typeof pointer !== 'string') {
    throw new JsonPointerError('INVALID_TYPE', '', 0, `expected a string, received ${describe(pointer)}`)
  }
  return splitPointer(pointer)
}
