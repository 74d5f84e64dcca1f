import { isSchemaObject } from './internal/schema-node.js'
import type { BranchDiscriminator } from './types.js'

const NO_MAPPING: Readonly<Record<string, unknown>> = Object.freeze({})

/**
 * Reads an OpenAPI `discriminator` keyword for {@link selectObjectBranch}.
 *
 * Returns `undefined` unless `value` is an object with an own string
 * `propertyName`. `mapping` is the keyword's own `mapping` object as given
 * (shared, not copied), or an empty frozen object when it is missing or not
 * an object. Own properties only; never throws.
 *
 * @example
 * ```ts
 * readDiscriminator({ propertyName: 'kind', mapping: { dog: '#/$defs/Dog' } })
 * // => { propertyName: 'kind', mapping: { dog: '#/$defs/Dog' } }
 * readDiscriminator({ propertyName: 'kind' }) // => { propertyName: 'kind', mapping: {} }
 * readDiscriminator({ mapping: {} }) // => undefined
 * ```
 */
export function readDiscriminator(value: unknown): BranchDiscriminator | undefined {
  if (!isSchemaObject(value) || !Object.hasOwn(value, 'propertyName')) return undefined
  const propertyName = value['propertyName']
  if (typeof propertyName !== 'string') return undefined
  const mapping = Object.hasOwn(value, 'mapping') ? value['mapping'] : undefined
  return { propertyName, mapping: isSchemaObject(mapping) ? mapping : NO_MAPPING }
}
