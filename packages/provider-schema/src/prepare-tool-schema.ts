import { prepare } from './internal/prepare.js'
import { profileFromOptions } from './internal/options.js'
import type { ProviderName } from './types.js'
import type { PreparedToolSchema, PrepareToolSchemaOptions } from './types.js'

// Keyed by everything the result depends on: the schema object and the provider.
const caches = new Map<ProviderName, WeakMap<object, PreparedToolSchema>>()

/**
 * Prepares one tool schema for one provider: the schema to send, and the
 * way back from what the model sends to what the tool accepts.
 *
 * `schema` is what the provider accepts (see `checkProviderSchema`): a
 * root object (a root of another type is wrapped as the property `value`),
 * property names spelled by the provider's rule (`@x/key-unmap`),
 * references inlined where the provider refuses them (recursion and
 * oversized expansions cut to "any value"), and for `openai-strict` every
 * property required, optional ones nullable, objects closed, and positions
 * strict mode cannot describe sent as JSON text.
 *
 * `restoreArgs` undoes all of it in the one order that works: coerce against
 * the schema the model saw (`@x/arg-coerce`), restore the tool's names
 * against the rewritten schema (`@x/key-unmap`), drop the nulls strict mode
 * asked for in place of omitted optional properties, parse JSON text back,
 * unwrap the root. `toModelArgs` goes the other way, for earlier turns.
 *
 * Pure: the input is never mutated; the result is frozen and cached per
 * (schema object, provider), so preparing the same object again costs a
 * `WeakMap` lookup. Bad schema data never throws.
 *
 * @param schema - The tool's JSON Schema (any value).
 * @param options - `provider`: one of `PROVIDER_NAMES`.
 * @returns The prepared schema.
 * @throws {TypeError} When `options` is not an object naming a known provider.
 *
 * @example
 * ```ts
 * const prepared = prepareToolSchema(
 *   { type: 'object', properties: { 'first name': { type: 'string' }, age: { type: 'integer' } }, required: ['first name'] },
 *   { provider: 'openai-strict' },
 * )
 * prepared.schema.required // => ['first_name', 'age']
 * prepared.restoreArgs('{"first_name":"Ada","age":null}') // => { 'first name': 'Ada' }
 * ```
 */
export function prepareToolSchema(schema: unknown, options: PrepareToolSchemaOptions): PreparedToolSchema {
  const profile = profileFromOptions(options, 'prepareToolSchema')
  if (typeof schema !== 'object' || schema === null) return prepare(schema, profile)
  let cache = caches.get(profile.provider)
  if (cache === undefined) {
    cache = new WeakMap()
    caches.set(profile.provider, cache)
  }
  const cached = cache.get(schema)
  if (cached !== undefined) return cached
  const prepared = prepare(schema, profile)
  cache.set(schema, prepared)
  return prepared
}
