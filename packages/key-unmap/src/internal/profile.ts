import type { KeyUnmapOptions, NameProfile } from '../types.js'

/**
 * A name rule, normalised. Caches that depend on the rule are kept per
 * rule, so that two profile objects naming the same rule share them:
 * sanitized and compiled schemas here, renames in property-renames (keyed
 * by this object).
 */
export interface Profile {
  readonly key: string
  readonly maxLength: number
  allows(character: string, first: boolean): boolean
  readonly sanitized: WeakMap<object, unknown>
  /** Compiled schemas per root object, owned and typed by context-for (kept here: one lookup per call that changes schema). */
  readonly contexts: WeakMap<object, unknown>
}

function makeProfile(key: string, maxLength: number, allows: Profile['allows']): Profile {
  return { key, maxLength, allows, sanitized: new WeakMap(), contexts: new WeakMap() }
}

// Character tests on char codes: these run once per character of every name.
function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
}

// Anthropic and Bedrock state `^[a-zA-Z0-9_.-]{1,64}$` in their own error text.
const anthropic = makeProfile('anthropic', 64, (character) => {
  if (character.length !== 1) return false
  const code = character.charCodeAt(0)
  return isAlphanumeric(code) || code === 95 || code === 46 || code === 45
})

// Gemini and Vertex AI: a letter or `_` first, then letters, digits and `_`, at most 64.
const gemini = makeProfile('gemini', 64, (character, first) => {
  if (character.length !== 1) return false
  const code = character.charCodeAt(0)
  if (code === 95) return true
  return first ? (code >= 65 && code <= 90) || (code >= 97 && code <= 122) : isAlphanumeric(code)
})

/** The TypeError of a bad option, told apart from an engine error raised while the options are read. */
class OptionsError extends TypeError {}

/**
 * Runs `read` over the caller's options. An error raised while reading
 * them (a throwing getter, a revoked Proxy) becomes a TypeError that says
 * so, with the original as its `cause`: options are the programmer's, and
 * a bad option throws a TypeError, never an engine error.
 */
export function readOptions<Value>(read: () => Value): Value {
  try {
    return read()
  } catch (error) {
    if (error instanceof OptionsError) throw error
    const reason = error instanceof Error ? error.message : 'a thrown value'
    throw new OptionsError(
      `options: expected an object whose properties can be read, received one that throws when read (${reason})`,
      { cause: error },
    )
  }
}

const customByObject = new WeakMap<NameProfile, Profile>()
/**
 * Custom rules by their patterns and length, so that two profile objects
 * with the same rule share one cache; the most recently used ones only, as
 * a caller may make a new profile object per call. A rule dropped from here
 * stays with the profile objects that named it (a WeakMap), so dropping
 * costs sharing, never a result.
 */
const customByKey = new Map<string, Profile>()
/** How many custom rules `customByKey` keeps. */
export const CUSTOM_PROFILES_KEPT = 64

/** How many custom rules are shared by key right now (tests read it). */
export function sharedCustomProfiles(): number {
  return customByKey.size
}

// A `g` or `y` flag makes `test` stateful (lastIndex): a copy without them
// answers the same for every call.
function stateless(pattern: RegExp): RegExp {
  const flags = pattern.flags.replace(/[gy]/g, '')
  return new RegExp(pattern.source, flags)
}

function describe(value: unknown): string {
  if (value instanceof RegExp) return String(value)
  if (typeof value === 'string') return JSON.stringify(value)
  if (value === null || typeof value !== 'object') return String(value)
  return Array.isArray(value) ? 'an array' : 'an object'
}

function customProfile(profile: NameProfile): Profile {
  const known = customByObject.get(profile)
  if (known !== undefined) return known
  const { characters, firstCharacter, maxLength } = profile
  if (!(characters instanceof RegExp)) {
    throw new OptionsError(
      `profile.characters: expected a RegExp matching one character, received ${describe(characters)}`,
    )
  }
  if (firstCharacter !== undefined && !(firstCharacter instanceof RegExp)) {
    throw new OptionsError(
      `profile.firstCharacter: expected a RegExp or undefined, received ${describe(firstCharacter)}`,
    )
  }
  if (typeof maxLength !== 'number' || !Number.isInteger(maxLength) || maxLength < 8) {
    throw new OptionsError(`profile.maxLength: expected an integer of at least 8, received ${describe(maxLength)}`)
  }
  const rest = stateless(characters)
  const first = firstCharacter === undefined ? undefined : stateless(firstCharacter)
  // The replacement `_`, the collision suffixes `_2`... and the fallback
  // `param` must themselves be allowed, or sanitizing could not succeed.
  for (const character of '_0123456789param') {
    if (!rest.test(character)) {
      throw new OptionsError(
        `profile.characters: expected a pattern accepting "_", the digits and "param", received ${describe(characters)} (rejects ${JSON.stringify(character)})`,
      )
    }
  }
  if (first !== undefined && !(first.test('_') && first.test('p'))) {
    throw new OptionsError(
      `profile.firstCharacter: expected a pattern accepting "_" and "p", received ${describe(firstCharacter)}`,
    )
  }
  const key = `custom:${String(rest)}:${String(first)}:${maxLength}`
  let normalized = customByKey.get(key)
  if (normalized === undefined) {
    normalized = makeProfile(
      key,
      maxLength,
      (character, isFirst) => rest.test(character) && (!isFirst || first === undefined || first.test(character)),
    )
    if (customByKey.size >= CUSTOM_PROFILES_KEPT) customByKey.delete(customByKey.keys().next().value!)
  } else {
    // Most recently used last: the first key is the one to drop.
    customByKey.delete(key)
  }
  customByKey.set(key, normalized)
  customByObject.set(profile, normalized)
  return normalized
}

/** The profile named by `options`, anthropic by default. Bad options throw a TypeError. */
export function profileOf(options: KeyUnmapOptions | undefined): Profile {
  if (options === undefined) return anthropic
  return readOptions(() => readProfile(options))
}

function readProfile(options: KeyUnmapOptions): Profile {
  if (typeof options !== 'object' || options === null) {
    throw new OptionsError(`options: expected an object or undefined, received ${describe(options)}`)
  }
  const profile = options.profile
  if (profile === undefined || profile === 'anthropic') return anthropic
  if (profile === 'gemini') return gemini
  if (typeof profile === 'object' && profile !== null && !Array.isArray(profile)) return customProfile(profile)
  throw new OptionsError(
    `options.profile: expected "anthropic", "gemini" or { characters, firstCharacter?, maxLength }, received ${describe(profile)}`,
  )
}

/** Whether `name` already satisfies the profile (then it is never renamed). */
export function isValidName(name: string, profile: Profile): boolean {
  let count = 0
  for (const character of name) {
    if (!profile.allows(character, count === 0)) return false
    if (++count > profile.maxLength) return false
  }
  return count > 0
}

/** Each disallowed character becomes `_` (one for one), cut to the limit; empty becomes `param`. */
export function sanitizeName(name: string, profile: Profile): string {
  let out = ''
  let count = 0
  for (const character of name) {
    if (count === profile.maxLength) break
    out += profile.allows(character, count === 0) ? character : '_'
    count++
  }
  return out === '' ? 'param' : out
}
