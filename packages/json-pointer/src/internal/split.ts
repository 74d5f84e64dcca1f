import { JsonPointerError } from '../json-pointer-error.js'
import { unescapeToken } from './unescape.js'

const identity = (position: number): number => position

/**
 * Splits a pointer string into unescaped tokens (RFC 6901 §3, §4).
 *
 * `reported` and `toReported` let a caller that decoded the pointer from
 * other text (a URI fragment) report errors against that text.
 */
export function splitPointer(
  pointer: string,
  reported: string = pointer,
  toReported: (position: number) => number = identity,
): string[] {
  if (pointer === '') return []
  if (pointer.charCodeAt(0) !== 47) throw missingSlash(pointer, reported, toReported(0))
  const tokens: string[] = []
  let start = 1
  for (;;) {
    const end = pointer.indexOf('/', start)
    const token = end === -1 ? pointer.slice(start) : pointer.slice(start, end)
    tokens.push(token.indexOf('~') === -1 ? token : unescapeToken(token, start, reported, toReported))
    if (end === -1) return tokens
    start = end + 1
  }
}

/** The error for a non-empty pointer that does not start with `/` (RFC 6901 §3). */
export function missingSlash(pointer: string, reported: string, position: number): JsonPointerError {
  return new JsonPointerError(
    'MISSING_SLASH',
    reported,
    position,
    `a non-empty pointer must start with "/" (received ${JSON.stringify(pointer[0])})`,
  )
}
