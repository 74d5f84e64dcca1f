/**
 * A provider's rule for property names, for providers other than the two
 * built in.
 *
 * Names are read one character (Unicode code point) at a time: a character
 * is kept when `characters` matches it (and, in first position,
 * `firstCharacter` too), and becomes `_` otherwise. The name is then cut to
 * `maxLength` characters.
 *
 * @example
 * ```ts
 * // Lower-case snake case, at most 32 characters:
 * const profile: NameProfile = { characters: /[a-z0-9_]/, firstCharacter: /[a-z_]/, maxLength: 32 }
 * ```
 */
export interface NameProfile {
  /** Matches one allowed character. Must accept `_`, the digits and the letters of `param`. */
  readonly characters: RegExp
  /** Matches an allowed first character (tested after `characters`). Must accept `_` and `p`. */
  readonly firstCharacter?: RegExp
  /** Longest allowed name, in characters: an integer of at least 8. */
  readonly maxLength: number
}

/**
 * Options shared by every function of this package.
 *
 * Pass the same `profile` to {@link sanitizeToolSchema} and to
 * {@link unmapArgKeys}: the renames are recomputed from it.
 */
export interface KeyUnmapOptions {
  /**
   * Which property names the provider accepts.
   * - `'anthropic'` (default; Bedrock has the same rule): `^[a-zA-Z0-9_.-]{1,64}$`.
   * - `'gemini'` (also Vertex AI): a letter or `_` first, then `[a-zA-Z0-9_]`, at most 64.
   * - a {@link NameProfile} for any other rule.
   */
  readonly profile?: 'anthropic' | 'gemini' | NameProfile
  /**
   * {@link unmapArgKeys} only: whether it may specialize a key order it has
   * seen before with `new Function` (default true; see the README's Security
   * section). Pass false under a Content-Security-Policy without
   * 'unsafe-eval': the engine would refuse anyway (the refusal is caught and
   * the interpreter kept), but browsers also report the attempt. Outputs are
   * the same either way.
   */
  readonly codegen?: boolean
}
