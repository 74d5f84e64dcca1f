import { sanitizeToolSchema } from '../sanitize-tool-schema.js'
import type { KeyUnmapOptions } from '../types.js'
import { nodeFor } from './compile-node.js'
import { contextFor } from './context-for.js'
import type { Context, Node, Settings, Walk } from './node.js'
import { isObject } from './own.js'
import type { Profile } from './profile.js'
import { profileOf, readOptions } from './profile.js'
import { unmapValue } from './unmap-value.js'

/** How `unmapArgKeys` generates code: after two uses, the engine probed once per process. */
export const DEFAULT_SETTINGS: Settings = { generateAfter: 2, engine: { available: undefined }, onCompile: undefined }

// The schema of the last call, held strongly (one schema at most): an agent
// unmaps call after call for the same tool, and this skips three WeakMap
// lookups (sanitize, context, root node) per call. A cache keyed by
// everything the result depends on (schema object and name profile).
let lastSchema: object | undefined
let lastProfile: Profile | undefined
/** Undefined when nothing is renamed anywhere in the last schema. */
let lastContext: Context | undefined
let lastNode: Node | undefined

/**
 * The body of `unmapArgKeys`, with the settings that decide when code is
 * generated: `unmapArgKeys` passes DEFAULT_SETTINGS; tests pass their own
 * (see test-support) instead of changing shared state.
 */
export function unmapWith(
  settings: Settings,
  originalSchema: unknown,
  args: unknown,
  options: KeyUnmapOptions | undefined,
): unknown {
  const profile = profileOf(options)
  const allowed = options === undefined ? undefined : readOptions(() => options.codegen)
  if (allowed !== undefined && typeof allowed !== 'boolean')
    throw new TypeError(`options.codegen: expected a boolean or undefined, received ${typeof allowed}`)
  try {
    if (!isObject(originalSchema) || typeof args !== 'object' || args === null) return args
    if (originalSchema !== lastSchema || profile !== lastProfile) {
      // Nothing renamed anywhere (the cached sanitize is the schema itself): nothing to restore.
      const renames = sanitizeToolSchema(originalSchema, options) !== originalSchema
      const context = renames ? contextFor(originalSchema, profile) : undefined
      lastNode = context === undefined ? undefined : nodeFor(context, originalSchema)
      lastContext = context
      lastSchema = originalSchema
      lastProfile = profile
    }
    const context = lastContext
    if (context === undefined) return args
    const walk: Walk = {
      context,
      settings,
      codegen: allowed !== false,
      call: ++context.calls,
      visited: 0,
      memo: undefined,
    }
    return unmapValue(args, lastNode!, walk, 0)
  } catch {
    // A throwing getter or a revoked Proxy in the schema or the arguments:
    // nothing can be said about them, so they come back as they are, like
    // any other bad data.
    return args
  }
}
