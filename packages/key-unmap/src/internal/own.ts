/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Writes an own, enumerable property. A plain assignment of `__proto__`
 * would call the inherited setter and replace the object's prototype instead
 * of creating a key; names come from untrusted schemas and model output, so
 * that one key goes through `defineProperty`.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  } else {
    target[key] = value
  }
}

/** Reads an own property only: an inherited `constructor` is not a property of the document. */
export function getOwn(target: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(target, key) ? target[key] : undefined
}
