import { JsonPointerError } from './json-pointer-error.js'
import { formatTokens } from './internal/escape.js'
import { percentEncode } from './internal/percent.js'

/**
 * Formats reference tokens as a URI fragment (RFC 6901 §6): `#` followed by
 * the pointer, UTF-8 percent-encoded with uppercase hex.
 *
 * Characters a fragment may hold unencoded (RFC 3986 `pchar`, `/`, `?`)
 * stay as they are; everything else (space, `%`, `^`, `|`, `\`, `"`, `#`,
 * `[`, `]`, controls, non-ASCII) is encoded, which reproduces the RFC's own
 * spelling of its §6 examples.
 *
 * @throws {JsonPointerError} what {@link format} throws, and
 * `UNPAIRED_SURROGATE` for a token holding a lone UTF-16 surrogate, which
 * has no UTF-8 form (`position` = the token's index).
 *
 * @example
 * ```ts
 * formatFragment(['c%d', ' ', 'a/b']) // => '#/c%25d/%20/a~1b'
 * formatFragment([]) // => '#'
 * ```
 */
export function formatFragment(tokens: ReadonlyArray<string | number>): string {
  const pointer = formatTokens(tokens)
  return (
    '#' +
    percentEncode(pointer, (offset) => {
      const index = tokenIndexAt(pointer, offset)
      throw new JsonPointerError(
        'UNPAIRED_SURROGATE',
        pointer,
        index,
        `token ${index} holds an unpaired UTF-16 surrogate, which cannot be percent-encoded as UTF-8`,
      )
    })
  )
}

function tokenIndexAt(pointer: string, offset: number): number {
  let index = -1
  for (let at = pointer.indexOf('/'); at !== -1 && at < offset; at = pointer.indexOf('/', at + 1)) index++
  return index
}
