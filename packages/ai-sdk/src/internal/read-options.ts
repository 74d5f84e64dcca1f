import { PROVIDER_NAMES } from '@x/provider-schema'
import type { ProviderName } from '@x/provider-schema'
import { describeValue as describe } from './describe-value.js'
import type { FixSettings } from './prepare-request.js'

/** The settings from `toolCallFixes` options; a programmer error throws a TypeError saying what was expected. */
export function readOptions(options: unknown): FixSettings {
  if (options === undefined) return { provider: undefined, splitBatches: true }
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`toolCallFixes: expected options to be an object or undefined, received ${describe(options)}`)
  }
  const { provider, splitBatches } = options as Record<string, unknown>
  if (provider !== undefined && !(PROVIDER_NAMES as readonly unknown[]).includes(provider)) {
    throw new TypeError(
      `toolCallFixes: expected options.provider to be one of ${PROVIDER_NAMES.join(', ')} or undefined (inferred from the model), received ${describe(provider)}`,
    )
  }
  if (splitBatches !== undefined && typeof splitBatches !== 'boolean') {
    throw new TypeError(
      `toolCallFixes: expected options.splitBatches to be a boolean or undefined, received ${describe(splitBatches)}`,
    )
  }
  return { provider: provider as ProviderName | undefined, splitBatches: splitBatches ?? true }
}
