import { MISSING, planOf, readPlan } from './internal/plan.js'
import { parse } from './parse.js'

/**
 * Parses a pointer once and returns a reader for it, for reading the same
 * pointer from many documents without even a cache lookup.
 *
 * The reader behaves exactly as {@link get} with that pointer: own
 * properties only, canonical array indices only, `undefined` when absent,
 * and it never throws whatever the document is. The pointer is checked
 * here, once, so a malformed one throws now rather than on every read.
 * No code is generated (no `eval`, no `new Function`): the reader walks a
 * token list prepared in advance.
 *
 * @throws {JsonPointerError} what {@link parse} throws.
 *
 * @example
 * ```ts
 * const readName = compile('/user/name')
 * readName({ user: { name: 'Ada' } }) // => 'Ada'
 * readName({ user: null }) // => undefined
 * ```
 */
export function compile(pointer: string): (doc: unknown) => unknown {
  const plan = planOf(parse(pointer))
  return (doc) => {
    const value = readPlan(doc, plan)
    return value === MISSING ? undefined : value
  }
}
