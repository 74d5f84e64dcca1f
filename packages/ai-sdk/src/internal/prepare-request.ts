import type { RequestFixes } from './request-fixes.js'
import type { CallOptions } from './types.js'

/** The middleware's settings, read once from its options. */
export interface FixSettings {
  readonly splitBatches: boolean
}

const unchanged = <Value>(value: Value): Value => value

/** Provider-side names of the function tools a request offers. */
export function declaredNames(params: CallOptions): Set<string> {
  const names = new Set<string>()
  for (const tool of params.tools ?? []) if (tool.type === 'function') names.add(tool.name)
  return names
}

/**
 * The request as the model will see it, and the fixes its answer needs.
 * The params are always a new object: it is the key the answer's fixes are
 * found by, so two requests never share one.
 */
export function prepareRequest(params: CallOptions, settings: FixSettings): { params: CallOptions; fixes: RequestFixes } {
  return {
    params: { ...params },
    fixes: { declared: declaredNames(params), splitBatches: settings.splitBatches, restore: unchanged },
  }
}
