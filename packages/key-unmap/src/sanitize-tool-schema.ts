import { isObject } from './internal/own.js'
import { profileOf } from './internal/profile.js'
import { sanitizeDocument } from './internal/sanitize-schema.js'
import type { KeyUnmapOptions, SanitizedToolSchema } from './types.js'

/**
 * Returns the tool schema with every property name spelled as the provider
 * accepts it, to send to the model instead of the original.
 *
 * Every `properties` map is renamed, at any depth: inside `$defs` /
 * `definitions`, `items`, `prefixItems`, `additionalProperties`,
 * `anyOf` / `oneOf` / `allOf`, `not`, `if` / `then` / `else`,
 * `dependentSchemas`. `required`, `dependentRequired`, `dependentSchemas`
 * and `dependencies` follow the renames. Definition names are kept. A
 * `$ref` whose pointer passes through a renamed property is rewritten so it
 * still resolves, and so is each `discriminator.mapping` pointer; a
 * `discriminator.propertyName` is renamed like `required`. A property literally named `properties`, `$defs` or
 * `$ref` is a name, never a keyword.
 *
 * Within one `properties` map, valid names never move; invalid ones are
 * renamed in key order and a collision gets `_2`, `_3`, ...
 *
 * The result is cached per schema object and profile: calling again with the
 * same object costs one `WeakMap` lookup. Every object the function creates
 * is frozen, so the cached result cannot be corrupted through a returned
 * reference; unchanged sub-schemas are your own objects, shared by
 * reference (do not mutate a schema once you have passed it). A schema
 * with nothing to rename comes back as the very same object.
 *
 * @param schema - The tool's JSON Schema as it declares it (never mutated).
 * @param options - `profile`: `'anthropic'` (default), `'gemini'` or a custom {@link NameProfile}.
 * @returns The schema to send to the model, typed as {@link SanitizedToolSchema}:
 * keyword names and data keywords keep their types, property names become
 * `string` (they are spelled for the provider).
 * @throws {TypeError} Only for malformed `options`; bad schemas never throw.
 *
 * @example
 * ```ts
 * sanitizeToolSchema({ type: 'object', properties: { 'first name': { type: 'string' } }, required: ['first name'] })
 * // => { type: 'object', properties: { first_name: { type: 'string' } }, required: ['first_name'] }
 * ```
 */
export function sanitizeToolSchema<Schema>(schema: Schema, options?: KeyUnmapOptions): SanitizedToolSchema<Schema> {
  const profile = profileOf(options)
  try {
    if (!isObject(schema)) return schema as SanitizedToolSchema<Schema>
    const cached = profile.sanitized.get(schema)
    if (cached !== undefined) return cached as SanitizedToolSchema<Schema>
    const result = sanitizeDocument(schema, profile)
    profile.sanitized.set(schema, result)
    return result as SanitizedToolSchema<Schema>
  } catch {
    // A throwing getter or a revoked Proxy somewhere in the schema: nothing
    // can be said about it, so it comes back as it is, like any other bad data.
    return schema as SanitizedToolSchema<Schema>
  }
}
