/**
 * Arguments for {@link toolSchema} as a model sends them: every property
 * present, five scalars as strings (`limit`, `offset`, `verbose`, `ratio`,
 * `dryRun`), everything else already of its declared type (`zip` stays the
 * string `'07030'`).
 *
 * A new object on every call (pools of in-place coercers need many).
 *
 * @example
 * ```ts
 * toolArgs().limit // => '10'
 * ```
 */
export function toolArgs(): Record<string, unknown> {
  return {
    query: 'red shoes',
    limit: '10',
    offset: '0',
    verbose: 'true',
    ratio: '0.5',
    sort: 'asc',
    tags: ['sale', 'summer'],
    address: { street: '1 Main St', city: 'Springfield', zip: '07030' },
    items: [
      { sku: 'A-1', qty: 2, price: 9.5 },
      { sku: 'B-2', qty: 1, price: 20 },
    ],
    filters: [{ field: 'color', op: 'eq', value: 'red' }],
    paging: { page: 1, size: 20 },
    dryRun: 'false',
    locale: 'en-US',
    since: '2026-01-01T00:00:00Z',
    maxPrice: null,
  }
}
