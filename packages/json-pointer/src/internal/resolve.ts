import { JsonPointerError } from '../json-pointer-error.js'
import { describe } from './describe.js'
import { invalidToken, isIndexNumber, formatTokens } from './escape.js'
import { splitPointer } from './split.js'

/** What `resolve` returns for "no value there", distinct from `undefined`. */
export const MISSING: unique symbol = Symbol('missing')

// Parsed pointers by text. Programs read a handful of pointers over and
// over, so caching turns a parse into one hash lookup. Bounded so that
// pointers built from untrusted input cannot grow it without limit; the
// cached arrays never leave this module, so nobody can mutate them.
const CACHE_LIMIT = 1024
const cache = new Map<string, readonly string[]>()

function tokensOf(pointer: string): readonly string[] {
  const cached = cache.get(pointer)
  if (cached !== undefined) return cached
  const tokens = splitPointer(pointer)
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(pointer, tokens)
  return tokens
}

/**
 * Index of a canonical array-index token in an array of `length`, or -1.
 * RFC 6901 §4: `0`, or digits without a leading zero; so `-`, `01`, `1.0`,
 * `+1`, `length` and out-of-range indices never resolve.
 */
function arrayIndex(token: string, length: number): number {
  const size = token.length
  // 2^32 - 2 is the largest index, 10 digits.
  if (size === 0 || size > 10) return -1
  let index = token.charCodeAt(0) - 48
  if (index < 0 || index > 9 || (index === 0 && size > 1)) return -1
  for (let at = 1; at < size; at++) {
    const digit = token.charCodeAt(at) - 48
    if (digit < 0 || digit > 9) return -1
    index = index * 10 + digit
  }
  return index < length ? index : -1
}

function step(value: unknown, token: string | number): unknown {
  if (typeof value !== 'object' || value === null) return MISSING
  if (Array.isArray(value)) {
    const index = typeof token === 'string' ? arrayIndex(token, value.length) : token < value.length ? token : -1
    if (index === -1) return MISSING
    const item: unknown = value[index]
    // A hole in a sparse array is no own property: reading it would reach
    // Array.prototype, which may have been polluted.
    return item === undefined && !Object.hasOwn(value, index) ? MISSING : item
  }
  const key = typeof token === 'string' ? token : String(token)
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : MISSING
}

function walk(doc: unknown, tokens: ReadonlyArray<string | number>, checked: boolean): unknown {
  let value = doc
  for (let index = 0; index < tokens.length; index++) {
    const token: unknown = tokens[index]
    if (!checked && typeof token !== 'string' && !isIndexNumber(token)) {
      throw invalidToken(formatTokens(tokens.slice(0, index)), index, token)
    }
    // Once MISSING (a symbol), every further step stays MISSING; the loop
    // goes on only so that a bad later token is still reported.
    if (value !== MISSING) value = step(value, token as string | number)
  }
  return value
}

/**
 * Reads the value at a pointer (string) or token array, or MISSING.
 * Throws JsonPointerError for a malformed pointer only; whatever the
 * document is, reading it never throws (a throwing getter or proxy trap
 * reads as MISSING).
 */
export function resolve(doc: unknown, pointer: string | ReadonlyArray<string | number>): unknown {
  let tokens: ReadonlyArray<string | number>
  let checked: boolean
  if (typeof pointer === 'string') {
    tokens = tokensOf(pointer)
    checked = true
  } else if (Array.isArray(pointer)) {
    tokens = pointer
    checked = false
  } else {
    throw new JsonPointerError(
      'INVALID_TYPE',
      '',
      0,
      `expected a pointer string or an array of tokens, received ${describe(pointer)}`,
    )
  }
  try {
    return walk(doc, tokens, checked)
  } catch (error) {
    if (error instanceof JsonPointerError) throw error
    return MISSING
  }
}
