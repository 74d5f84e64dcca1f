import { isValidName, sanitizeName } from './profile.js'
import type { Profile } from './profile.js'

/** How one `properties` map is renamed: only the names that change appear. */
export interface Renames {
  readonly toSanitized: ReadonlyMap<string, string>
  readonly toOriginal: ReadonlyMap<string, string>
}

export const NO_RENAMES: Renames = Object.freeze({ toSanitized: new Map<string, string>(), toOriginal: new Map<string, string>() })

function withSuffix(base: string, suffix: string, maxLength: number): string {
  const characters = Array.from(base)
  const room = maxLength - suffix.length
  return (characters.length > room ? characters.slice(0, Math.max(0, room)).join('') : base) + suffix
}

/**
 * The renames of one `properties` map under one profile: the single
 * computation behind both `sanitizeToolSchema` and `unmapArgKeys`, cached
 * per map object, so the two can never disagree.
 *
 * Names already valid are reserved first and never move; invalid names are
 * then sanitized in key order, and one that lands on a taken name gets
 * `_2`, `_3`, ... (the base cut so the whole stays within the limit).
 */
export function propertyRenames(properties: Record<string, unknown>, profile: Profile): Renames {
  const cached = profile.renames.get(properties)
  if (cached !== undefined) return cached
  let invalid: string[] | undefined
  let valid: string[] | undefined
  for (const name of Object.keys(properties)) {
    if (isValidName(name, profile)) (valid ??= []).push(name)
    else (invalid ??= []).push(name)
  }
  let renames = NO_RENAMES
  if (invalid !== undefined) {
    const taken = new Set(valid)
    const toSanitized = new Map<string, string>()
    const toOriginal = new Map<string, string>()
    for (const name of invalid) {
      const base = sanitizeName(name, profile)
      let candidate = base
      // Terminates: `_<n>` differs for every n, and at most names.length are taken.
      for (let counter = 2; taken.has(candidate); counter++) {
        candidate = withSuffix(base, `_${counter}`, profile.maxLength)
      }
      taken.add(candidate)
      toSanitized.set(name, candidate)
      toOriginal.set(candidate, name)
    }
    renames = { toSanitized, toOriginal }
  }
  profile.renames.set(properties, renames)
  return renames
}

/**
 * The sanitized spelling of a name that a keyword such as `required` lists:
 * the map's rename when it has one, else the name as the profile would
 * spell it alone (a name declared elsewhere, e.g. in an `allOf` member).
 */
export function renamedName(name: string, renames: Renames, profile: Profile): string {
  const renamed = renames.toSanitized.get(name)
  if (renamed !== undefined) return renamed
  return isValidName(name, profile) ? name : sanitizeName(name, profile)
}
