import { addressRenames, renameKeys, topRenames } from './internal/renames.js'
import { toolArgs } from './tool-args.js'

/**
 * {@link toolArgs} as a model sends them for {@link renamedToolSchema}
 * after the schema was sanitized for the provider: the five renamed
 * properties under their sanitized names (`search_query`, `dry_run`,
 * `created_gte`, `max_price`, `address.zip_code`), the same values, the
 * same five stringified scalars. Derived from {@link toolArgs}.
 *
 * A new object on every call.
 *
 * @example
 * ```ts
 * renamedToolArgs().dry_run // => 'false'
 * ```
 */
export function renamedToolArgs(): Record<string, unknown> {
  const args = renameKeys(toolArgs(), topRenames, 2)
  return { ...args, address: renameKeys(args['address'] as Record<string, unknown>, addressRenames, 2) }
}
