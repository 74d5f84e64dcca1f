import { UNRESOLVED } from './internal/lookup.js'
import { overlay } from './internal/overlay.js'
import { createRefTable, resolveRef } from './internal/ref-table.js'
import type { RefTable } from './internal/ref-table.js'
import { isSchemaObject, ownStringRef } from './internal/schema-node.js'
import { refsOnPath } from './internal/refs-on-path.js'

/** A linked list of the `$ref` strings already entered on the current walk path (immutable; `undefined` = empty path). */
export interface RefPath {
  readonly ref: string
  readonly parent: RefPath | undefined
}

/** One node resolved while walking, with the references entered to reach it. */
export interface ResolvedNode {
  /** The resolved schema (same object as the input when there was no $ref). Merged objects created by the resolver are frozen, so a caller cannot corrupt the cache. */
  readonly schema: unknown
  /** `path` extended with every ref entered to get here (same `path` object when no ref was followed). */
  readonly path: RefPath | undefined
}

/** Local `$ref` resolution bound to one root document, with its cache. */
export interface RefResolver {
  readonly root: unknown
  /** Same result as resolveLocalSchemaRef(root, schema), cached: resolving the same ref string twice costs a Map lookup. */
  resolve(schema: unknown): unknown
  /** For walkers through anyOf/oneOf/allOf/properties/items: resolves `schema` carrying the refs already on the current path. Returns `undefined` when the node's ref (or any ref of its chain) is already on `path` — that branch re-enters itself and the walker must stop that branch only, while the other alternatives survive. */
  resolveOnPath(schema: unknown, path: RefPath | undefined): ResolvedNode | undefined
}

const resolvers = new WeakMap<object, RefResolver>()

/**
 * A resolver bound to one root, with its cache. Also cached per root object
 * (WeakMap), so `createRefResolver(sameRoot)` twice returns the same resolver.
 *
 * The caches assume the root is not mutated after the first resolution (the
 * packages here never mutate a schema). `resolve` answers exactly as
 * {@link resolveLocalSchemaRef}; `resolveOnPath` is for walkers that descend
 * through unions and must stop only the branch that re-enters a reference
 * already on its own path. A walker guided by a finite value (coercion)
 * should start from an empty path (`undefined`) when it descends into a child
 * value, and carry the path only across steps that stay on the same value
 * (ref chains, `anyOf`/`oneOf`/`allOf` branches); a walker over the schema
 * alone carries it everywhere.
 *
 * @example
 * ```ts
 * const root = { $defs: { T: { anyOf: [{ $ref: '#/$defs/T' }, { type: 'string' }] } } }
 * const resolver = createRefResolver(root)
 * resolver.resolve({ $ref: '#/$defs/T' }) === root.$defs.T // => true
 * const entered = resolver.resolveOnPath({ $ref: '#/$defs/T' }, undefined)
 * entered?.path // => { ref: '#/$defs/T', parent: undefined }
 * resolver.resolveOnPath(root.$defs.T.anyOf[0], entered?.path) // => undefined (re-enters T)
 * ```
 */
export function createRefResolver(root: unknown): RefResolver {
  const rootIsObject = typeof root === 'object' && root !== null
  if (rootIsObject) {
    const existing = resolvers.get(root)
    if (existing !== undefined) return existing
  }
  const resolver = bind(root, createRefTable())
  if (rootIsObject) resolvers.set(root, resolver)
  return resolver
}

function bind(root: unknown, table: RefTable): RefResolver {
  // Per node, so a `$ref` with siblings is merged once: later calls return the
  // same frozen object instead of merging again.
  const nodes = new WeakMap<object, unknown>()

  function resolve(schema: unknown): unknown {
    if (!isSchemaObject(schema)) return schema
    const ref = ownStringRef(schema)
    if (ref === undefined) return schema
    const cached = nodes.get(schema)
    if (cached !== undefined) return cached
    const target = resolveRef(root, table, ref)
    const result = target === UNRESOLVED ? schema : overlay(schema, target)
    nodes.set(schema, result)
    return result
  }

  function resolveOnPath(schema: unknown, path: RefPath | undefined): ResolvedNode | undefined {
    if (!isSchemaObject(schema)) return { schema, path }
    const ref = ownStringRef(schema)
    if (ref === undefined) return { schema, path }
    const result = resolve(schema)
    if (result === schema) return { schema, path }
    return refsOnPath(table.next, ref, path, result)
  }

  // The public entries: a throwing getter or a revoked Proxy anywhere in the
  // root or the node is the document's doing, answered as "nothing to
  // resolve" (the node back as given), never as a throw.
  return {
    root,
    resolve(schema) {
      try {
        return resolve(schema)
      } catch {
        return schema
      }
    },
    resolveOnPath(schema, path) {
      try {
        return resolveOnPath(schema, path)
      } catch {
        return { schema, path }
      }
    },
  }
}
