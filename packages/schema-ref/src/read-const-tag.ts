import { isSchemaObject } from './internal/schema-node.js'

/**
 * Reads the tag a property schema gives an object branch: the value it
 * alone admits, its own `const`, or the single value of its own one-value
 * `enum`.
 *
 * This is what an `ObjectBranch`'s `tags` hold (pydantic and zod write a
 * discriminated union's tag as a `const` or a one-value `enum` on each
 * branch), read in one place so that every pass over a union reads the same
 * tags. `const` wins over `enum` when a schema has both; a `const` counts
 * whatever its value (`null`, an object). Returns `undefined` for a schema
 * without either, an `enum` of zero or several values, a non-object (`true`,
 * an array, `null`) or a schema whose reads throw (a getter, a revoked
 * Proxy: untrusted documents are answered, not thrown on). Own properties
 * only, the `enum`'s first slot included; `$ref` is not followed (resolve
 * first). Never throws; `{ value }` is a new object, `value` is shared.
 *
 * @example
 * ```ts
 * readConstTag({ const: 'circle' }) // => { value: 'circle' }
 * readConstTag({ type: 'string', enum: ['square'] }) // => { value: 'square' }
 * readConstTag({ const: 'a', enum: ['b'] }) // => { value: 'a' }
 * readConstTag({ enum: ['circle', 'square'] }) // => undefined
 * readConstTag({ type: 'string' }) // => undefined
 * ```
 */
export function readConstTag(schema: unknown): { readonly value: unknown } | undefined {
  try {
    if (!isSchemaObject(schema)) return undefined
    if (Object.hasOwn(schema, 'const')) return { value: schema['const'] }
    const values = Object.hasOwn(schema, 'enum') ? schema['enum'] : undefined
    return Array.isArray(values) && values.length === 1 && Object.hasOwn(values, 0) ? { value: values[0] } : undefined
  } catch {
    return undefined
  }
}
