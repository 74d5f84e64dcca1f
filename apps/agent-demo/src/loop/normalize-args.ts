import { coerceToolArgs } from '@x/arg-coerce'
import { sanitizeToolSchema, unmapArgKeys } from '@x/key-unmap'
import type { JsonObject, JsonValue } from '../tools/types.js'
import type { ArgumentFixes } from './types.js'

/**
 * The argument pipeline of one entry: coerce against the schema the model saw
 * (sanitized names, so `"5"` becomes `5` under `first_name`-style keys and
 * behind `$ref`s), then restore the names the tool declared (`first name`).
 * The order matters: coercion must read the same names the model wrote.
 * `fixes` turns either step off (`compare` measures what each one saves).
 *
 * @example
 * normalizeArgs(schema, { person: { first_name: 'Ada' }, count: '5' })
 * // => { person: { 'first name': 'Ada' }, count: 5 }
 */
export function normalizeArgs(originalSchema: JsonObject, modelArgs: JsonValue, fixes: ArgumentFixes = ALL_FIXES): JsonValue {
  const coerced = fixes.coerce ? (coerceToolArgs(sanitizeToolSchema(originalSchema), modelArgs) as JsonValue) : modelArgs
  return fixes.restoreKeys ? (unmapArgKeys(originalSchema, coerced) as JsonValue) : coerced
}

const ALL_FIXES: ArgumentFixes = { coerce: true, restoreKeys: true }
