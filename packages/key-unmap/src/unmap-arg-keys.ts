import { isObject } from './internal/own.js'
import { profileOf, readOptions } from './internal/profile.js'
import type { Profile } from './internal/profile.js'
import { contextFor, planFor } from './internal/unmap-plan.js'
import type { Plan, UnmapContext } from './internal/unmap-plan.js'
import { unmapValue } from './internal/unmap-value.js'
import { sanitizeToolSchema } from './sanitize-tool-schema.js'
import { codegen } from './internal/generated-shape.js'
import type { KeyUnmapOptions, UnmappedArgs } from './types.js'

/**
 * Gives the model's arguments back the property names the tool declared.
 *
 * The model saw `sanitizeToolSchema(originalSchema)` and answered with its
 * names; this walks the arguments against the *original* schema, following
 * `$ref`s (pydantic's `$defs`, zod's `#/properties/...`), `allOf`, the
 * union branch whose names match the value's keys best, `items`,
 * `prefixItems`, `additionalProperties` and `patternProperties`, and
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
 * back when nothing was renamed. Plans are cached per schema object.
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
  const profile = profileOf(options)
  const allowed = options === undefined ? undefined : readOptions(() => options.codegen)
  if (allowed === undefined || allowed === true)
    return unmap(originalSchema, args, profile, options) as UnmappedArgs<Args>
  if (allowed !== false)
    throw new TypeError(`options.codegen: expected a boolean or undefined, received ${typeof allowed}`)
  // Only calls that refuse code generation touch the flag, and they restore
  // it: a call made from inside this one (a getter on the arguments) cannot
  // turn it back on for the rest of this call.
  const previous = codegen.allowed
  codegen.allowed = false
  try {
    return unmap(originalSchema, args, profile, options) as UnmappedArgs<Args>
  } finally {
    codegen.allowed = previous
  }
}

function unmap<Args>(
  originalSchema: unknown,
  args: Args,
  profile: Profile,
  options: KeyUnmapOptions | undefined,
): Args {
  try {
    if (!isObject(originalSchema) || typeof args !== 'object' || args === null) return args
    if (originalSchema !== lastSchema || profile !== lastProfile) remember(originalSchema, profile, options)
    const context = lastContext
    if (context === undefined) return args
    codegen.call = ++context.calls
    // A call made from inside this one (a getter on the arguments) walks
    // with counts of its own, and this call's are put back after it.
    const { visited, memo } = context
    context.visited = 0
    context.memo = undefined
    try {
      return unmapValue(args, lastPlan!, context, 0) as Args
    } finally {
      context.visited = visited
      context.memo = memo
    }
  } catch {
    // A throwing getter or a revoked Proxy in the schema or the arguments:
    // nothing can be said about them, so they come back as they are, like
    // any other bad data.
    return args
  }
}

// The schema of the last call, held strongly (one schema at most): an agent
// unmaps call after call for the same tool, and this skips three WeakMap
// lookups (sanitize, context, root plan) per call.
let lastSchema: object | undefined
let lastProfile: Profile | undefined
/** Undefined when nothing is renamed anywhere in the last schema. */
let lastContext: UnmapContext | undefined
let lastPlan: Plan | undefined

function remember(schema: Record<string, unknown>, profile: Profile, options: KeyUnmapOptions | undefined): void {
  // Nothing renamed anywhere (the cached sanitize is the schema itself): nothing to restore.
  const renames = sanitizeToolSchema(schema, options) !== schema
  const context = renames ? contextFor(schema, profile) : undefined
  lastPlan = context === undefined ? undefined : planFor(context, schema)
  lastContext = context
  lastSchema = schema
  lastProfile = profile
}
