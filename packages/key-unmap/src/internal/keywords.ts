/**
 * Where a keyword of a schema object leads. Everything not listed here
 * (`default`, `enum`, `const`, `examples`, vendor `x-` keywords, ...) holds
 * data, not schemas, and is never looked into: a key there is not a
 * property name to rename.
 */
export type KeywordKind =
  | 'properties' // keys are property names (renamed), values are schemas
  | 'named' // keys are names of the sibling `properties` (dependentSchemas, dependencies)
  | 'map' // keys are definition names or patterns (kept), values are schemas
  | 'list' // an array of schemas
  | 'schema' // one schema
  | 'items' // one schema, or an array of schemas (draft 7 tuples)
  | 'opaque'

const kinds = new Map<string, KeywordKind>([
  ['properties', 'properties'],
  ['dependentSchemas', 'named'],
  ['dependencies', 'named'],
  ['$defs', 'map'],
  ['definitions', 'map'],
  ['patternProperties', 'map'],
  ['anyOf', 'list'],
  ['oneOf', 'list'],
  ['allOf', 'list'],
  ['prefixItems', 'list'],
  ['items', 'items'],
  ['additionalProperties', 'schema'],
  ['unevaluatedProperties', 'schema'],
  ['additionalItems', 'schema'],
  ['unevaluatedItems', 'schema'],
  ['contains', 'schema'],
  ['not', 'schema'],
  ['if', 'schema'],
  ['then', 'schema'],
  ['else', 'schema'],
])

/** The kind of a keyword; a Map rather than an object so that `constructor` or `__proto__` are simply unknown. */
export function keywordKind(keyword: string): KeywordKind {
  return kinds.get(keyword) ?? 'opaque'
}

/** Deepest schema nesting walked; deeper parts are left as they are rather than overflow the stack. */
export const MAX_DEPTH = 512
