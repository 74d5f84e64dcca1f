import { coerceToolArgs } from '@x/arg-coerce'
import { sanitizeToolSchema, unmapArgKeys } from '@x/key-unmap'
import type { JsonObject, JsonValue } from '../tools/types.js'
import type { ArgumentFixes } from './types.js'

/**
 * The argument fixes taken apart, for `compare` only: `restoreCall` coerces
 * and restores names in one step and cannot run just one of them, so a
 * setting with a fix off runs the steps here instead. Coercion reads the
 * schema with sanitized names (the names the model wrote), then key restore
 * puts back the names the tool declared; either step can be off.
 *
 * @example
 * argsWithFixesOff(schema, { person: { first_name: 'Ada' }, count: '5' }, { coerce: false, restoreKeys: true })
 * // => { person: { 'first name': 'Ada' }, count: '5' }
 */
export function argsWithFixesOff(originalSchema: JsonObject, modelArgs: JsonValue, fixes: ArgumentFixes): JsonValue {
  const coerced = fixes.coerce
    ? (coerceToolArgs(sanitizeToolSchema(originalSchema), modelArgs) as JsonValue)
    : modelArgs
  return fixes.restoreKeys ? (unmapArgKeys(originalSchema, coerced) as JsonValue) : coerced
}
