import { JsonPointerError } from '../json-pointer-error.js'
import { describe } from './describe.js'

/** Escapes one token per RFC 6901 §3: `~` as `~0` first, then `/` as `~1`. */
export function escapeToken(token: string): string {
  if (token.indexOf('~') !== -1) token = token.replaceAll('~', '~0')
  if (token.indexOf('/') !== -1) token = token.replaceAll('/', '~1')
  return token
}

/**
 * Formats tokens as a pointer string, checking each: a string, or a
 * non-negative safe integer (an array index). Anything else (an array, an
 * object, `-1`, `1.5`) throws rather than being stringified, because
 * stringifying is how `[['__proto__']]` slipped past other libraries' guards.
 */
export function formatTokens(tokens: ReadonlyArray<string | number>): string {
  if (!Array.isArray(tokens)) {
    throw new JsonPointerError('INVALID_TYPE', '', 0, `expected an array of tokens, received ${describe(tokens)}`)
  }
  let pointer = ''
  for (let index = 0; index < tokens.length; index++) {
    const token: unknown = tokens[index]
    if (typeof token === 'string') pointer += '/' + escapeToken(token)
    else if (isIndexNumber(token)) pointer += '/' + String(token)
    else throw invalidToken(pointer, index, token)
  }
  return pointer
}

/** Whether a number token is usable: a non-negative safe integer. */
export function isIndexNumber(token: unknown): token is number {
  return typeof token === 'number' && Number.isSafeInteger(token) && token >= 0
}

export function invalidToken(prefix: string, index: number, token: unknown): JsonPointerError {
  return new JsonPointerError(
    'INVALID_TOKEN',
    prefix,
    index,
    `token ${index} must be a string or a non-negative integer, received ${describe(token)}`,
  )
}
