/** What a read returns for "no value there", distinct from `undefined`. */
export const MISSING: unique symbol = Symbol('missing')

/**
 * A parsed pointer prepared for reading: each token as an object key, and
 * as an array index when it is one (else -1). Deciding "is this token an
 * index" once, at parse time, is what makes repeated reads cheap.
 */
export interface Plan {
  readonly keys: readonly string[]
  readonly indices: readonly number[]
}

/**
 * Index that a token names in any array, or -1. RFC 6901 §4: `0`, or
 * digits without a leading zero; so `-`, `01`, `1.0`, `+1`, `length` never
 * resolve. Past 10 digits no array is that long (2^32 - 2 is the largest
 * index), so -1 as well.
 */
export function arrayIndex(token: string): number {
  const size = token.length
  if (size === 0 || size > 10) return -1
  let index = token.charCodeAt(0) - 48
  if (index < 0 || index > 9 || (index === 0 && size > 1)) return -1
  for (let at = 1; at < size; at++) {
    const digit = token.charCodeAt(at) - 48
    if (digit < 0 || digit > 9) return -1
    index = index * 10 + digit
  }
  return index
}

export function planOf(tokens: readonly string[]): Plan {
  return { keys: tokens, indices: tokens.map(arrayIndex) }
}

/**
 * One step of a read: the own property or canonical array element that
 * `token` names in `value`, or MISSING. May throw only through a getter or
 * proxy trap of the document; callers catch that.
 */
export function step(value: unknown, token: string): unknown {
  if (typeof value !== 'object' || value === null) return MISSING
  if (Array.isArray(value)) {
    const index = arrayIndex(token)
    // A hole in a sparse array is no own property: reading it would reach
    // Array.prototype, which may have been polluted.
    return index === -1 || index >= value.length || !Object.hasOwn(value, index) ? MISSING : value[index]
  }
  return Object.hasOwn(value, token) ? (value as Record<string, unknown>)[token] : MISSING
}

/**
 * Reads `doc` along a plan, or MISSING. Never throws, whatever `doc` is: a
 * throwing getter or proxy trap reads as MISSING. One flat function (loop
 * and try/catch together) so that its speed does not hinge on inlining.
 */
export function readPlan(doc: unknown, plan: Plan): unknown {
  const { keys, indices } = plan
  let value = doc
  try {
    for (let step = 0; step < keys.length; step++) {
      if (typeof value !== 'object' || value === null) return MISSING
      if (Array.isArray(value)) {
        const index = indices[step]!
        // A hole in a sparse array is no own property: reading it would
        // reach Array.prototype, which may have been polluted.
        if (index === -1 || index >= value.length || !Object.hasOwn(value, index)) return MISSING
        value = value[index]
      } else {
        const key = keys[step]!
        if (!Object.hasOwn(value, key)) return MISSING
        value = (value as Record<string, unknown>)[key]
      }
    }
  } catch {
    return MISSING
  }
  return value
}
