/** A non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Compact `JSON.stringify`, or `undefined` for what JSON cannot hold (a
 * cycle, a BigInt, a throwing `toJSON`): the call is then left as it was.
 */
export function stringifyJson(value: unknown): string | undefined {
  try {
    const text: unknown = JSON.stringify(value)
    return typeof text === 'string' ? text : undefined
  } catch {
    return undefined
  }
}
