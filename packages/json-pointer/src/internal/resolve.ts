import { JsonPointerError } from '../json-pointer-error.js'
import { describe } from './describe.js'
import { formatTokens, invalidToken, isIndexNumber } from './escape.js'
import { MISSING, arrayIndex } from './plan.js'
import { readPointer } from './read-pointer.js'

export { MISSING } from './plan.js'

function checkTokens(tokens: ReadonlyArray<unknown>, from: number): void {
  for (let index = from; index < tokens.length; index++) {
    const token = tokens[index]
    if (typeof token !== 'string' && !isIndexNumber(token)) {
      throw invalidToken(formatTokens(tokens.slice(0, index) as Array<string | number>), index, token)
    }
  }
}

/**
 * Reads along a caller's token array. Every token is checked, also past a
 * missing step, so a bad token is reported whatever the document holds.
 */
function readTokens(doc: unknown, tokens: ReadonlyArray<unknown>): unknown {
  let value = doc
  let index = 0
  try {
    for (; index < tokens.length; index++) {
      const token = tokens[index]
      if (typeof value !== 'object' || value === null) break
      if (Array.isArray(value)) {
        const position = typeof token === 'string' ? arrayIndex(token) : isIndexNumber(token) ? token : -2
        if (position < 0 || position >= value.length) break
        // A hole is no own property; reading it would reach Array.prototype.
        if (!Object.hasOwn(value, position)) break
        value = value[position]
      } else {
        const key = typeof token === 'string' ? token : isIndexNumber(token) ? String(token) : undefined
        if (key === undefined || !Object.hasOwn(value, key)) break
        value = (value as Record<string, unknown>)[key]
      }
    }
  } catch {
    // A throwing getter or proxy trap: the document's doing, not the
    // pointer's, so it reads as missing.
  }
  if (index === tokens.length) return value
  checkTokens(tokens, index)
  return MISSING
}

/**
 * Reads the value at a pointer string or token array, or MISSING. Throws
 * JsonPointerError for a malformed pointer only, never because of `doc`.
 */
export function resolve(doc: unknown, pointer: string | ReadonlyArray<string | number>): unknown {
  if (typeof pointer === 'string') return readPointer(doc, pointer)
  if (Array.isArray(pointer)) return readTokens(doc, pointer)
  throw new JsonPointerError(
    'INVALID_TYPE',
    '',
    0,
    `expected a pointer string or an array of tokens, received ${describe(pointer)}`,
  )
}
