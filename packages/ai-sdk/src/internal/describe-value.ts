/** A short description of a value for a TypeError message: what was received. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : typeof value
}
