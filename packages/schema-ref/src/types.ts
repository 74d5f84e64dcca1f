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

/**
 * What {@link selectObjectBranch} needs to know of one object branch of an
 * `anyOf` / `oneOf`. Each caller builds it from its own compiled view of the
 * branch, so that two passes over the same union choose the same branch.
 */
export interface ObjectBranch {
  /** Keys the branch requires, as they appear in the value. */
  readonly required: Iterable<string>
  /** Whether the branch declares `key` (a property or a pattern that matches). */
  declares(key: string): boolean
  /** Properties whose `const` or one-value `enum` names this branch. */
  readonly tags: ReadonlyArray<{ readonly key: string; readonly value: unknown }>
  /** `$ref` strings that led to the branch (for an OpenAPI discriminator mapping). */
  readonly refs: readonly string[]
}

/** An OpenAPI `discriminator`: the property whose value names the branch, and the `mapping` from values to `$ref` strings. */
export interface BranchDiscriminator {
  readonly propertyName: string
  readonly mapping: Readonly<Record<string, unknown>>
}

/** How {@link selectObjectBranch} asks the caller about its branches. */
export interface SelectObjectBranchOptions<B> {
  /** The union's discriminator, if it has one (see `readDiscriminator`). */
  readonly discriminator?: BranchDiscriminator | undefined
  /** Whether the value's declared properties already have the branch's types (asked only when several branches cover the value's keys). */
  readonly fits: (branch: B, value: Record<string, unknown>) => boolean
  /** Whether a sent tag value names `expected` (default: ===). */
  readonly tagMatches?: ((sent: unknown, expected: unknown) => boolean) | undefined
}
