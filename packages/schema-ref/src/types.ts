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
