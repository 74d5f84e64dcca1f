/** A non-null, non-array object: the only thing JSON calls an object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * An own property, or `undefined`. Inherited values (`constructor`,
 * `toString`, a polluted `Object.prototype`) are never read from model data.
 */
export function own(value: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(value, key) ? value[key] : undefined
}

/** `JSON.parse`, with the parser's own message when the text is not JSON. */
export function parseJson(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * Compact `JSON.stringify`, or `undefined` for what JSON cannot hold (a
 * cycle, a BigInt, a throwing `toJSON`): callers then leave the call alone.
 */
export function stringifyJson(value: unknown): string | undefined {
  try {
    const text: unknown = JSON.stringify(value)
    return typeof text === 'string' ? text : undefined
  } catch {
    return undefined
  }
}
