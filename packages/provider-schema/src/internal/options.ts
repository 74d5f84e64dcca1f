import type { ProviderName } from '../types.js'
import { PROFILES } from './profiles.js'
import type { Profile } from './profiles.js'

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return JSON.stringify(value)
  return typeof value
}

const EXPECTED = `one of ${Object.keys(PROFILES)
  .map((name) => JSON.stringify(name))
  .join(', ')}`

/** The profile of a provider name; a programmer error throws a TypeError saying what was expected. */
export function profileFor(provider: unknown, where: string): Profile {
  if (typeof provider === 'string' && Object.hasOwn(PROFILES, provider)) return PROFILES[provider as ProviderName]
  throw new TypeError(`${where}: expected ${EXPECTED}, received ${describe(provider)}`)
}

/** The profile named by `options.provider`. */
export function profileFromOptions(options: unknown, caller: string): Profile {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${caller}: expected options to be an object with a provider, received ${describe(options)}`)
  }
  return profileFor((options as { provider?: unknown }).provider, `${caller}: options.provider`)
}
