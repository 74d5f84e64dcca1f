import { idFormatOf } from './internal/id-formats.js'
import type { CallIdOptions } from './types.js'

/**
 * True when `id` is a tool-call id the provider accepts back in the next
 * request: the same rule the expansions use to decide whether a parent id is
 * kept and whether a repeat may take a `_d2` suffix.
 *
 * `generic` (the default), `openai` and `openai-strict` take 1..40
 * characters of `[A-Za-z0-9_-]`; `anthropic`, `bedrock` and `gemini` 1..64;
 * `mistral` exactly nine of `[A-Za-z0-9]`. A value that is not a string is
 * not a valid id (`false`, never an error).
 *
 * @throws {TypeError} when `options.provider` is not a known provider, or
 * `options` cannot be read (programmer errors, not bad data).
 *
 * @example
 * ```ts
 * isValidCallId('call_6e4685b95a61') // => true
 * isValidCallId('functions.read:0') // => false
 * isValidCallId('call_6e4685b95a61', { provider: 'mistral' }) // => false
 * isValidCallId('wIJ9cjYu3', { provider: 'mistral' }) // => true
 * ```
 */
export function isValidCallId(id: unknown, options?: CallIdOptions): boolean {
  const format = idFormatOf(options, 'isValidCallId')
  if (format === undefined)
    throw new TypeError('isValidCallId: expected options to be a readable object, received one whose properties throw')
  return typeof id === 'string' && format.accepts.test(id)
}
