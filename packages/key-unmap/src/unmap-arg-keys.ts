import { DEFAULT_SETTINGS, unmapWith } from './internal/unmap-with.js'
import type { KeyUnmapOptions, UnmappedArgs } from './types.js'

/**
 * Gives the model's arguments back the property names the tool declared.
 *
 * The model saw `sanitizeToolSchema(originalSchema)` and answered with its
 * names; this walks the arguments against the *original* schema, following
 * `$ref`s (pydantic's `$defs`, zod's `#/properties/...`), `allOf`, the
 * union branch the value belongs to (the one `@x/arg-coerce` coerces it
 * by), `items`, `prefixItems`, `additionalProperties` and
 * `patternProperties`, and
 * restores every renamed key at every depth. The renames are the very ones
 * {@link sanitizeToolSchema} used (one cached computation per `properties`
 * map), so the two cannot disagree.
 *
 * A key that is not a renamed form passes through. When a renamed form and
 * the original spelling both arrive (`first_name` and `first name`), the
 * original spelling keeps the name and the renamed form stays as it came:
 * nothing is overwritten, no value is dropped.
 *
 * Never mutates; unchanged parts are shared; the very same `args` comes
 * back when nothing was renamed. What is compiled is cached per schema
 * object and name profile.
 *
 * @param originalSchema - The schema the tool declared (not the sanitized one).
 * @param args - The arguments as the model sent them (after type coercion, if any).
 * @param options - The same `profile` that was given to `sanitizeToolSchema`; `codegen: false` never generates code.
 * @returns The arguments with the tool's property names, typed as {@link UnmappedArgs}
 * (an object's keys are the tool's, which the type of `args` cannot know).
 * @throws {TypeError} Only for malformed `options`; bad schemas or arguments never throw.
 *
 * @example
 * ```ts
 * const schema = { type: 'object', properties: { 'first name': { type: 'string' } } }
 * unmapArgKeys(schema, { first_name: 'Ada' }) // => { 'first name': 'Ada' }
 * ```
 */
export function unmapArgKeys<Args>(originalSchema: unknown, args: Args, options?: KeyUnmapOptions): UnmappedArgs<Args> {
  return unmapWith(DEFAULT_SETTINGS, originalSchema, args, options) as UnmappedArgs<Args>
}
