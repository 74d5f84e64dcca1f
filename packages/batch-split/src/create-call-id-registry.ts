import { idFormatOf } from './internal/id-formats.js'
import { IdRegistry } from './internal/ids.js'
import type { CallIdOptions, CallIdRegistry } from './types.js'

/**
 * The id rules of the expansions, for an adapter that assigns ids itself: a
 * registry of the tool-call ids of one message. `claim(id)` returns `id`
 * when no earlier claim or note took it and the provider accepts it
 * ({@link isValidCallId}); otherwise a replacement: `id_d2`, `id_d3`, ...
 * (shortened to the provider's length limit) where a suffix keeps the id
 * valid, else an id derived from `id` and the attempt number, in the
 * provider's format (nine alphanumerics for Mistral). `note(id)` records an
 * id the provider chose, so later claims avoid it, without checking it.
 *
 * Replacements are deterministic, so a replay of the same message gives the
 * same ids, and each repeat of an id resumes where the previous one stopped:
 * n claims of one id cost O(n), not O(n²). Every string `claim` returns is
 * valid for `options.provider` and unique in the registry. A non-string id
 * counts as `""` (which no provider accepts), so it gets a derived id.
 *
 * @throws {TypeError} when `options.provider` is not a known provider, or
 * `options` cannot be read (programmer errors, not bad data).
 *
 * @example
 * ```ts
 * const ids = createCallIdRegistry()
 * ids.claim('call_1') // => 'call_1'
 * ids.claim('call_1') // => 'call_1_d2'
 * ids.claim('functions.read:0') // => a derived 'call_' + 12 hex digits
 * const mistral = createCallIdRegistry({ provider: 'mistral' })
 * mistral.claim('call_1') // => nine characters of [A-Za-z0-9]
 * ```
 */
export function createCallIdRegistry(options?: CallIdOptions): CallIdRegistry {
  const format = idFormatOf(options, 'createCallIdRegistry')
  if (format === undefined) {
    throw new TypeError(
      'createCallIdRegistry: expected options to be a readable object, received one whose properties throw',
    )
  }
  const registry = new IdRegistry(format)
  return {
    claim: (id) => registry.claimValid(typeof id === 'string' ? id : ''),
    note: (id) => {
      if (typeof id === 'string') registry.note(id)
    },
  }
}
