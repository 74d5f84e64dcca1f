import { isValidName, sanitizeName } from './profile.js'
import type { Profile } from './profile.js'

/** How one `properties` map is renamed: only the names that change appear. */
export interface Renames {
  readonly toSanitized: ReadonlyMap<string, string>
  readonly toOriginal: ReadonlyMap<string, string>
}

// Per name rule, then per `properties` map object.
const cache = new WeakMap<Profile, WeakMap<object, Renames>>()

export const NO_RENAMES: Renames = Object.freeze({
  toSanitized: new Map<string, string>(),
  toOriginal: new Map<string, string>(),
})

function cut(base: string, room: number): string {
  const characters = Array.from(base)
  return characters.length > room ? characters.slice(0, Math.max(0, room)).join('') : base
}

/**
 * The first free name among `base`, `base_2`, `base_3`, ... (the base cut
 * so the whole stays within the limit), taken at once.
 *
 * Why `next`: the names of one family, a cut base and suffixes of one
 * digit count (`a_2` ... `a_9`, then `a_10` ... `a_99` with the base cut one
 * more character), are tried in order and taken names stay taken, so each
 * family remembers where its search stopped. Probing from `_2` for every
 * name would be quadratic in the number of names that sanitize alike (a map
 * of thousands of names that all become `_`); with `next`, every probe
 * either finds the name or moves a family past a taken one for good, and
 * the names chosen are the very ones a probe from `_2` finds.
 */
function claim(base: string, taken: Set<string>, next: Map<string, number>, maxLength: number): string {
  if (!taken.has(base)) {
    taken.add(base)
    return base
  }
  for (let digits = 1; ; digits++) {
    const stem = cut(base, maxLength - 1 - digits)
    const family = `${digits}:${stem}`
    const end = 10 ** digits
    let counter = next.get(family) ?? (digits === 1 ? 2 : 10 ** (digits - 1))
    while (counter < end && taken.has(`${stem}_${counter}`)) counter++
    next.set(family, counter < end ? counter + 1 : end)
    if (counter < end) {
      const name = `${stem}_${counter}`
      taken.add(name)
      return name
    }
  }
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
  let byMap = cache.get(profile)
  if (byMap === undefined) cache.set(profile, (byMap = new WeakMap()))
  const cached = byMap.get(properties)
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
    const next = new Map<string, number>()
    const toSanitized = new Map<string, string>()
    const toOriginal = new Map<string, string>()
    for (const name of invalid) {
      const candidate = claim(sanitizeName(name, profile), taken, next, profile.maxLength)
      toSanitized.set(name, candidate)
      toOriginal.set(candidate, name)
    }
    renames = { toSanitized, toOriginal }
  }
  byMap.set(properties, renames)
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
