import { createRefResolver } from '@x/schema-ref'
import type { Context } from './node.js'
import type { Profile } from './profile.js'

/**
 * Everything compiled for one (original root schema, name profile) pair,
 * built on first use. Renames depend on the rule, so each profile keeps
 * its own (`profile.contexts`, which holds nothing but contexts).
 */
export function contextFor(root: Record<string, unknown>, profile: Profile): Context {
  let context = profile.contexts.get(root) as Context | undefined
  if (context === undefined) {
    context = { profile, resolver: createRefResolver(root), nodes: new WeakMap(), calls: 0 }
    profile.contexts.set(root, context)
  }
  return context
}
