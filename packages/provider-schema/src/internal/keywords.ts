/** Keywords whose value is one schema. */
export const SCHEMA_KEYWORDS: readonly string[] = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
]

/** Keywords whose value is a list of schemas. */
export const SCHEMA_LIST_KEYWORDS: readonly string[] = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']

/** Keywords whose value maps names to schemas. */
export const SCHEMA_MAP_KEYWORDS: readonly string[] = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]
