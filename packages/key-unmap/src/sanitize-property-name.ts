import { profileOf, sanitizeName } from './internal/profile.js'
import type { KeyUnmapOptions } from './types.js'

/**
 * Spells one property name the way the provider accepts it.
 *
 * Each character (Unicode code point) outside the profile's set becomes `_`,
 * one for one; the result is cut to the profile's length (64 for the
 * built-in profiles); an empty name becomes `param`. A name that is already
 * valid comes back unchanged.
 *
 * This is the spelling of a name on its own. Inside a schema,
 * {@link sanitizeToolSchema} may add `_2`, `_3`, ... when two names of one
 * `properties` map would collide.
 *
 * @param name - The property name as the tool declares it.
 * @param options - `profile`: `'anthropic'` (default), `'gemini'` or a custom {@link NameProfile}.
 * @returns A name matching the profile.
 * @throws {TypeError} When `name` is not a string or `options` is malformed.
 *
 * @example
 * ```ts
 * sanitizePropertyName('first name') // => 'first_name'
 * sanitizePropertyName('meta.status[eq]') // => 'meta.status_eq_'
 * sanitizePropertyName('meta.status[eq]', { profile: 'gemini' }) // => 'meta_status_eq_'
 * sanitizePropertyName('') // => 'param'
 * ```
 */
export function sanitizePropertyName(name: string, options?: KeyUnmapOptions): string {
  const profile = profileOf(options)
  if (typeof name !== 'string') {
    throw new TypeError(`name: expected a string, received ${name === null ? 'null' : typeof name}`)
  }
  return sanitizeName(name, profile)
}
