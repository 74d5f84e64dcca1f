import { get, parseFragment } from '@x/json-pointer'
import { isSchemaObject } from './schema-node.js'

/** What a reference designates when it cannot be resolved here. */
export const UNRESOLVED: unique symbol = Symbol('unresolved')

/**
 * The schema one local reference designates in `root` (a schema object or a
 * boolean schema), or {@link UNRESOLVED}: a remote reference (anything not
 * starting with `#`), a plain-name anchor (`#Address`), a bad `~` escape or
 * bad percent-encoding, a dangling pointer, or a target that is not a
 * schema (a number, a string, an array, `null`).
 */
export function lookup(root: unknown, ref: string): unknown {
  if (ref.charCodeAt(0) !== 35) return UNRESOLVED
  let target: unknown
  try {
    // parseFragment is the one place that throws (JsonPointerError for an
    // anchor or bad escape/encoding); `get` never throws on JSON data, but a
    // getter in a hand-built document could, and we promise never to throw.
    target = get(root, parseFragment(ref))
  } catch {
    return UNRESOLVED
  }
  return typeof target === 'boolean' || isSchemaObject(target) ? target : UNRESOLVED
}
