import { describe } from './internal/describe.js'
import { idFormatOf } from './internal/id-formats.js'
import { callIdMessage } from './internal/ids.js'
import type { CallIdOptions } from './types.js'

/**
 * A stable tool-call id derived from the call itself, from SHA-256 over
 * `name + ":" + seed + ":" + index` (UTF-8): by default `"call_"` followed by
 * the first 12 hex digits of the hash; with `{ provider: 'mistral' }` nine
 * alphanumerics taken from the same hash, the only ids Mistral accepts.
 *
 * Ids are part of the prompt a provider caches: a random id would make every
 * replay of the same turn look like a different conversation. The default
 * form is 17 characters of `[a-z0-9_]`, valid for OpenAI, Anthropic
 * (`^[a-zA-Z0-9_-]+$`), Bedrock (1..64 characters) and Gemini alike. A lone
 * UTF-16 surrogate in `name` or `seed` is hashed as U+FFFD, as `TextEncoder`
 * encodes it.
 *
 * @throws {TypeError} when `name` or `seed` is not a string, `index` is not a
 * non-negative safe integer, or `options.provider` is not a known provider
 * (programmer errors, not bad data).
 *
 * @example
 * ```ts
 * deterministicCallId('a', 'b', 0) // => 'call_6e4685b95a61' (sha256("a:b:0") starts 6e4685b95a61)
 * deterministicCallId('a', 'b', 1) // => 'call_6cce7cb783ec'
 * deterministicCallId('a', 'b', 0, { provider: 'mistral' }) // => nine characters of [A-Za-z0-9]
 * ```
 */
export function deterministicCallId(name: string, seed: string, index: number, options?: CallIdOptions): string {
  if (typeof name !== 'string')
    throw new TypeError(`deterministicCallId: expected name to be a string, received ${describe(name)}`)
  if (typeof seed !== 'string')
    throw new TypeError(`deterministicCallId: expected seed to be a string, received ${describe(seed)}`)
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new TypeError(`deterministicCallId: expected index to be a non-negative integer, received ${describe(index)}`)
  }
  const format = idFormatOf(options, 'deterministicCallId')
  if (format === undefined)
    throw new TypeError(
      'deterministicCallId: expected options to be a readable object, received one whose properties throw',
    )
  return format.derive(callIdMessage(name, seed, index))
}
