/** A JSON object that can hold keywords: not `null`, not an array. */
export type SchemaObject = Readonly<Record<string, unknown>>

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The node's own `$ref` when it is a string, else `undefined`. Own property
 * only: a `$ref` inherited from a prototype is not part of the JSON.
 */
export function ownStringRef(node: SchemaObject): string | undefined {
  if (!Object.hasOwn(node, '$ref')) return undefined
  const ref = node['$ref']
  return typeof ref === 'string' ? ref : undefined
}
