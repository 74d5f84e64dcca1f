import { MISSING, planOf, readPlan, step } from './plan.js'
import type { Plan } from './plan.js'
import { missingSlash, splitPointer } from './split.js'
import { unescapeToken } from './unescape.js'

const identity = (position: number): number => position

/**
 * Reads along a pointer string without building a token array: the cheap
 * path for a pointer seen once. Escapes are checked up front, so a
 * malformed pointer throws whatever the document holds, and the walk can
 * stop at the first missing step.
 */
function readText(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc
  if (pointer.charCodeAt(0) !== 47) throw missingSlash(pointer, pointer, 0)
  const escaped = pointer.indexOf('~') !== -1
  // Rare enough to check the slow way, which throws exactly what parse does.
  if (escaped) splitPointer(pointer)
  let value = doc
  let start = 1
  try {
    for (;;) {
      const end = pointer.indexOf('/', start)
      let token = end === -1 ? pointer.slice(start) : pointer.slice(start, end)
      if (escaped && token.indexOf('~') !== -1) token = unescapeToken(token, start, pointer, identity)
      value = step(value, token)
      if (value === MISSING || end === -1) return value
      start = end + 1
    }
  } catch {
    // A throwing getter or proxy trap: the document's doing, not the pointer's.
    return MISSING
  }
}

// Plans by pointer text. Programs read a handful of pointers over and over,
// so caching turns a parse into one hash lookup. A pointer gets a plan on
// its second use only, so a sweep over many distinct pointers pays no cache
// upkeep: "seen once" is a direct-mapped table of recent pointers, cheaper
// than a Set (a collision only means reading the text once more). Both are
// bounded in count and in pointer length, so pointers built from untrusted
// input cannot grow memory without limit; plans never leave the package,
// so nobody outside can mutate them.
const PLAN_LIMIT = 1024
const SEEN_SLOTS = 1024
const CACHED_POINTER_LENGTH = 1024
const plans = new Map<string, Plan>()
const seen = new Array<string | undefined>(SEEN_SLOTS).fill(undefined)

function slotOf(pointer: string): number {
  const last = pointer.length - 1
  const mix =
    pointer.length * 31 +
    pointer.charCodeAt(last) * 131 +
    pointer.charCodeAt(last >> 1) * 17 +
    pointer.charCodeAt(last >> 2)
  return mix & (SEEN_SLOTS - 1)
}

/** Reads the value at a pointer string, or MISSING; throws JsonPointerError for a malformed pointer. */
export function readPointer(doc: unknown, pointer: string): unknown {
  const plan = plans.get(pointer)
  if (plan !== undefined) return readPlan(doc, plan)
  if (pointer === '' || pointer.length > CACHED_POINTER_LENGTH) return readText(doc, pointer)
  const slot = slotOf(pointer)
  if (seen[slot] !== pointer) {
    // Read (and so checked) before it is remembered: a malformed pointer
    // throws on every use and never reaches the cache.
    const value = readText(doc, pointer)
    seen[slot] = pointer
    return value
  }
  const fresh = planOf(splitPointer(pointer))
  if (plans.size >= PLAN_LIMIT) plans.clear()
  plans.set(pointer, fresh)
  seen[slot] = undefined
  return readPlan(doc, fresh)
}
