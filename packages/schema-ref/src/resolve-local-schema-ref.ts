import { createRefResolver } from './create-ref-resolver.js'
import { isSchemaObject, ownStringRef } from './internal/schema-node.js'

/**
 * Resolves one node against `root`: follows the `$ref` chain, overlays
 * siblings (referenced schema wins conflicts), drops `$ref`. Returns the very
 * same `schema` value when there is nothing to resolve or the ref is out of
 * scope (remote, anchor, bad escape, bad percent-encoding, dangling,
 * non-schema target). Never throws: a throwing getter or a revoked Proxy in
 * `root` or `schema` also gives `schema` back.
 *
 * `#` is the root; `#/...` is percent-decoded, then read as an RFC 6901
 * pointer through objects and array indices (own properties only). A chain
 * is followed to its end; when it loops (`A -> B -> A`) or leaves the
 * document anywhere, the node comes back unchanged, `$ref` included. A
 * reference to a boolean schema resolves to that boolean: there is nowhere to
 * keep the siblings. A nested `$id` does not change what `#/...` means here.
 * Results are cached per root (see {@link createRefResolver}); merged results
 * are frozen.
 *
 * @example
 * ```ts
 * const root = { $defs: { Id: { type: 'integer', description: 'row id' } } }
 * resolveLocalSchemaRef(root, { $ref: '#/$defs/Id', title: 'Id', description: 'ignored' })
 * // => { title: 'Id', type: 'integer', description: 'row id' }
 * resolveLocalSchemaRef(root, { $ref: 'other.json#/Id' }) // => the same node, unchanged
 * resolveLocalSchemaRef(root, { type: 'string' }) // => the same node
 * ```
 */
export function resolveLocalSchemaRef(root: unknown, schema: unknown): unknown {
  try {
    // No resolver (and no cache entry) for the nodes that carry no reference.
    if (!isSchemaObject(schema) || ownStringRef(schema) === undefined) return schema
  } catch {
    // A revoked Proxy or a throwing `$ref` getter: nothing we can read to resolve.
    return schema
  }
  return createRefResolver(root).resolve(schema)
}
