import { addressRenames, renameKeys, topRenames } from './internal/renames.js'
import { toolSchema } from './tool-schema.js'
import type { ToolSchema } from './tool-schema.js'

/**
 * {@link toolSchema} with five property names a provider rejects, in place
 * of `query`, `dryRun`, `since`, `maxPrice` and `Address.zip`:
 * `search query`, `dry run`, `created~gte`, `max price` (top level) and
 * `zip code` (inside the referenced `Address`), `required` renamed alike.
 * Derived from {@link toolSchema}, so the two never drift apart.
 *
 * A new object on every call.
 *
 * @example
 * ```ts
 * Object.keys(renamedToolSchema().properties)[0] // => 'search query'
 * ```
 */
export function renamedToolSchema(): ToolSchema {
  const schema = toolSchema()
  const address = schema.$defs['Address']!
  return {
    ...schema,
    $defs: {
      ...schema.$defs,
      Address: {
        ...address,
        properties: renameKeys(address['properties'] as Record<string, unknown>, addressRenames, 1),
      },
    },
    properties: renameKeys(schema.properties, topRenames, 1),
    required: schema.required.map((name) => topRenames.find((row) => row[0] === name)?.[1] ?? name),
  }
}
