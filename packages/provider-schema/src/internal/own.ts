/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An own property read (never the prototype chain). */
export function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

/**
 * Writes `key` as an own data property. A key that arrives from untrusted
 * data may be `__proto__`: plain assignment would replace the prototype.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

/** The schema's `type` as a list (empty when absent or malformed). */
export function typesOf(schema: Record<string, unknown>): readonly string[] {
  const type = own(schema, 'type')
  if (typeof type === 'string') return [type]
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string')
  return []
}

/** JSON text read without throwing; `FAILED` when it is not JSON. */
export const FAILED: unique symbol = Symbol('not JSON')
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return FAILED
  }
}
