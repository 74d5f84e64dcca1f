import type { SchemaObject } from './schema-node.js'

/**
 * The `$ref` node's sibling keywords overlaid by the resolved target: the
 * target wins a conflict, `$ref` itself is dropped. The very same target
 * comes back when the node has nothing besides `$ref` (no copy, subtrees
 * shared). A boolean target cannot carry keywords, so it comes back as is.
 *
 * A merged object is frozen: it lives in the resolver's cache, and a caller
 * that could write to it would change every later answer.
 */
export function overlay(refNode: SchemaObject, target: unknown): unknown {
  if (typeof target === 'boolean') return target
  const siblings = Object.keys(refNode)
  if (siblings.length === 1) return target
  const merged: Record<string, unknown> = {}
  for (const key of siblings) if (key !== '$ref') write(merged, key, refNode[key])
  const resolved = target as SchemaObject
  for (const key of Object.keys(resolved)) write(merged, key, resolved[key])
  return Object.freeze(merged)
}

// `merged.__proto__ = value` would call the inherited setter and swap the
// prototype instead of copying the keyword: define that one key as data.
function write(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  } else {
    target[key] = value
  }
}
