import { describeValue as describe } from './describe-value.js'
import type { FixSettings } from './prepare-request.js'


/** The settings from `toolCallFixes` options; a programmer error throws a TypeError saying what was expected. */
export function readOptions(options: unknown): FixSettings {
  if (options === undefined) return { splitBatches: true }
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`toolCallFixes: expected options to be an object or undefined, received ${describe(options)}`)
  }
  const { splitBatches } = options as Record<string, unknown>
  if (splitBatches !== undefined && typeof splitBatches !== 'boolean') {
    throw new TypeError(`toolCallFixes: expected options.splitBatches to be a boolean or undefined, received ${describe(splitBatches)}`)
  }
  return { splitBatches: splitBatches ?? true }
}
