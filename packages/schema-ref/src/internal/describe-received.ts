/** How a TypeError about a bad option names what it received. */
export function describeReceived(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value
}
