/** Names what was received, for "expected X, received Y" messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return `the ${typeof value} ${String(value)}`
  }
  return typeof value === 'object' ? 'an object' : typeof value
}
