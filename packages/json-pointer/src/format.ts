import { formatTokens } from './internal/escape.js'

/**
 * Formats reference tokens as an RFC 6901 JSON Pointer string.
 *
 * Each token is escaped (`~` as `~0`, `/` as `~1`) and prefixed with `/`;
 * no tokens give `""`, the whole document. Numbers are accepted as array
 * indices and must be non-negative safe integers. `format(parse(p)) === p`
 * for every valid `p`.
 *
 * @throws {JsonPointerError} `INVALID_TYPE` if `tokens` is not an array,
 * `INVALID_TOKEN` (with `position` = the token's index) for a token that is
 * neither a string nor a non-negative safe integer.
 *
 * @example
 * ```ts
 * format(['a/b', 'm~n', 0]) // => '/a~1b/m~0n/0'
 * format([]) // => ''
 * format(['']) // => '/'
 * ```
 */
export function format(tokens: ReadonlyArray<string | number>): string {
  return formatTokens(tokens)
}
