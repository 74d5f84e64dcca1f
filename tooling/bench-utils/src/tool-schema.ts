/** The shape of {@link toolSchema}'s result, as the benches read it. */
export interface ToolSchema {
  type: 'object'
  $defs: Record<string, Record<string, unknown>>
  properties: Record<string, Record<string, unknown>>
  required: string[]
}

/**
 * The 15-property MCP-style tool schema the arg-coerce, key-unmap and
 * provider-schema benches share: 4 `$defs` (a nullable `$ref`, arrays of
 * referenced objects, a `$ref` with a sibling `description`), scalars of
 * every type, an enum, a format, a nullable type list.
 *
 * A new object on every call, so a bench may key caches by it or change its
 * copy without reaching another bench's.
 *
 * @example
 * ```ts
 * Object.keys(toolSchema().properties).length // => 15
 * ```
 */
export function toolSchema(): ToolSchema {
  return {
    type: 'object',
    $defs: {
      Address: {
        type: 'object',
        properties: { street: { type: 'string' }, city: { type: 'string' }, zip: { type: 'string' } },
        required: ['street', 'city'],
      },
      Item: {
        type: 'object',
        properties: { sku: { type: 'string' }, qty: { type: 'integer' }, price: { type: 'number' } },
        required: ['sku', 'qty'],
      },
      Filter: {
        type: 'object',
        properties: {
          field: { type: 'string' },
          op: { type: 'string', enum: ['eq', 'lt', 'gt'] },
          value: { type: 'string' },
        },
        required: ['field', 'op'],
      },
      Paging: { type: 'object', properties: { page: { type: 'integer' }, size: { type: 'integer' } } },
    },
    properties: {
      query: { type: 'string', description: 'What to look for' },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
      verbose: { type: 'boolean' },
      ratio: { type: 'number' },
      sort: { type: 'string', enum: ['asc', 'desc'] },
      tags: { type: 'array', items: { type: 'string' } },
      address: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }] },
      items: { type: 'array', items: { $ref: '#/$defs/Item' } },
      filters: { type: 'array', items: { $ref: '#/$defs/Filter' } },
      paging: { $ref: '#/$defs/Paging', description: 'Which page' },
      dryRun: { type: 'boolean' },
      locale: { type: 'string' },
      since: { type: 'string', format: 'date-time' },
      maxPrice: { type: ['number', 'null'] },
    },
    required: ['query'],
  }
}
