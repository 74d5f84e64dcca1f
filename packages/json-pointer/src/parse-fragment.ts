import { JsonPointerError } from './json-pointer-error.js'
import { describe } from './internal/describe.js'
import { percentDecode, sourcePosition } from './internal/percent.js'
import { splitPointer } from './internal/split.js'

/**
 * Parses a URI fragment identifier (RFC 6901 §6) into reference tokens.
 *
 * `#` alone is the whole document. After the `#`, the fragment is
 * percent-decoded as UTF-8 into a JSON Pointer string, which is then parsed
 * as {@link parse} does. So `%2F` is a separator like `/` (it decodes to
 * one, as RFC 6901 §6 reads it); a `/` inside a token is written `~1`.
 * Characters that RFC 3986 would want encoded (a raw space, non-ASCII) are
 * accepted as they are.
 *
 * Error positions are offsets in the fragment as given (counting the `#`).
 *
 * @throws {JsonPointerError} `INVALID_TYPE`, `MISSING_HASH`,
 * `INVALID_PERCENT_ENCODING` (`%zz`, `%4`), `INVALID_UTF8` (`%C0%AF`,
 * `%E0%A4` cut short, `%ED%A0%80`), then what {@link parse} throws.
 *
 * @example
 * ```ts
 * parseFragment('#/c%25d/%20/a~1b') // => ['c%d', ' ', 'a/b']
 * parseFragment('#') // => []
 * ```
 */
export function parseFragment(fragment: string): string[] {
  if (typeof fragment !== 'string') {
    throw new JsonPointerError('INVALID_TYPE', '', 0, `expected a string, received ${describe(fragment)}`)
  }
  if (fragment.charCodeAt(0) !== 35) {
    const received = fragment === '' ? 'an empty string' : JSON.stringify(fragment[0])
    throw new JsonPointerError('MISSING_HASH', fragment, 0, `a URI fragment must start with "#" (received ${received})`)
  }
  const pointer = percentDecode(fragment, 1)
  return splitPointer(pointer, fragment, (position) => sourcePosition(fragment, 1, position))
}
