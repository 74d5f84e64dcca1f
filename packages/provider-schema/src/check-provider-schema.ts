import { checkSchema } from './internal/check.js'
import { profileFor } from './internal/options.js'
import type { ProviderName, ProviderSchemaViolation } from './types.js'

/**
 * Lists every rule of the provider's profile that `schema` breaks: what the
 * provider would refuse, each with the rule id (as the README lists them),
 * an RFC 6901 pointer to the position and a message. Empty when the
 * provider accepts the schema as far as its profile knows; a schema that
 * `prepareToolSchema` returned is always accepted.
 *
 * Reads the schema as it is (references are not followed); bounded: past
 * a pointer of 512 tokens or 100,000 positions it reports `max-depth` or
 * `max-size` and stops there.
 *
 * @param schema - Any value; bad schemas never throw.
 * @param provider - One of `PROVIDER_NAMES`.
 * @returns The violations, in document order.
 * @throws {TypeError} When `provider` is not a known provider name.
 *
 * @example
 * ```ts
 * checkProviderSchema({ type: 'object', properties: { 'first name': { type: 'string' } } }, 'anthropic')
 * // => [{ rule: 'property-name', pointer: '/properties/first name', message: 'property name "first name" does not match ^[a-zA-Z0-9_.-]{1,64}$' }]
 * ```
 */
export function checkProviderSchema(schema: unknown, provider: ProviderName): readonly ProviderSchemaViolation[] {
  return checkSchema(schema, profileFor(provider, 'checkProviderSchema: provider'))
}
