// The five property names of the shared tool schema that the renamed variant
// replaces by names a provider rejects, with the name a sanitizer gives each
// (outside `[A-Za-z0-9_.-]` becomes `_`): four at the top, one inside the
// referenced `Address`. `[schema name, provider-rejected name, sanitized name]`.
export const topRenames: readonly (readonly [string, string, string])[] = [
  ['query', 'search query', 'search_query'],
  ['dryRun', 'dry run', 'dry_run'],
  ['since', 'created~gte', 'created_gte'],
  ['maxPrice', 'max price', 'max_price'],
]
export const addressRenames: readonly (readonly [string, string, string])[] = [['zip', 'zip code', 'zip_code']]

/** The object with the keys renamed in place (same order), by column `to` of the table. */
export function renameKeys<Value>(
  record: Record<string, Value>,
  table: readonly (readonly [string, string, string])[],
  to: 1 | 2,
): Record<string, Value> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [table.find((row) => row[0] === key)?.[to] ?? key, value]),
  )
}
