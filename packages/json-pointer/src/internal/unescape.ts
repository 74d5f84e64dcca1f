import { JsonPointerError } from '../json-pointer-error.js'

/**
 * Unescapes one reference token that contains `~`. `~1` becomes `/` and `~0`
 * becomes `~` in a single left-to-right pass, which is the RFC 6901 §4 order
 * (`~1` first, then `~0`) without its pitfall: `~01` is the token `~1`.
 *
 * `offset` is where the token starts in the pointer, for the error position.
 */
export function unescapeToken(
  token: string,
  offset: number,
  reported: string,
  toReported: (position: number) => number,
): string {
  let result = ''
  let from = 0
  let tilde = token.indexOf('~')
  while (tilde !== -1) {
    const next = token.charCodeAt(tilde + 1)
    if (next !== 48 && next !== 49) {
      const received = tilde + 1 < token.length ? JSON.stringify(token[tilde + 1]) : 'the end of the token'
      throw new JsonPointerError(
        'INVALID_ESCAPE',
        reported,
        toReported(offset + tilde),
        `"~" must be followed by "0" or "1" (received ${received}); a literal "~" is written "~0"`,
      )
    }
    result += token.slice(from, tilde) + (next === 48 ? '~' : '/')
    from = tilde + 2
    tilde = token.indexOf('~', from)
  }
  return result + token.slice(from)
}
