import { jsonFault } from './json-fault.js'

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

/**
 * `JSON.parse`, or where and why the text is not JSON. Never the parser's
 * own message: it quotes the text, which may hold a secret.
 */
export function parseJson(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return { error: jsonFault(text) }
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
