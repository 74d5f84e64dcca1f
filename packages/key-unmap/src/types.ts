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

// Keyword groups as `sanitizeToolSchema` reads them (see internal/keywords.ts).
type NameKeyedKeyword = 'properties' | 'dependentSchemas' | 'dependencies' | 'dependentRequired'
type DefinitionKeyword = '$defs' | 'definitions' | 'patternProperties'
type ListKeyword = 'anyOf' | 'oneOf' | 'allOf' | 'prefixItems'
type SubschemaKeyword =
  | 'additionalProperties'
  | 'unevaluatedProperties'
  | 'additionalItems'
  | 'unevaluatedItems'
  | 'contains'
  | 'not'
  | 'if'
  | 'then'
  | 'else'

// A discriminator's `propertyName` is a property name and its `mapping` values are `$ref` pointers: both may be rewritten.
type SanitizedDiscriminator<Value> = Value extends readonly unknown[]
  ? Value
  : Value extends object
    ? {
        readonly [Key in keyof Value]: Key extends 'propertyName'
          ? Value[Key] extends string
            ? string
            : Value[Key]
          : Key extends 'mapping'
            ? Value[Key] extends readonly unknown[]
              ? Value[Key]
              : Value[Key] extends object
                ? { readonly [Tag in keyof Value[Key]]: Value[Key][Tag] extends string ? string : Value[Key][Tag] }
                : Value[Key]
            : Value[Key]
      }
    : Value

type SanitizedList<List> = { readonly [Index in keyof List]: SanitizedToolSchema<List[Index]> }

type SanitizedNames<Value> =
  Value extends ReadonlyArray<infer Entry> ? ReadonlyArray<Entry extends string ? string : Entry> : Value

// `dependentRequired` and draft 7 `dependencies` in its list form hold names; the others hold schemas.
type NameKeyedEntry<Key, Entry> = Key extends 'dependentRequired'
  ? SanitizedNames<Entry>
  : Key extends 'dependencies'
    ? Entry extends readonly unknown[]
      ? SanitizedNames<Entry>
      : SanitizedToolSchema<Entry>
    : SanitizedToolSchema<Entry>

// Malformed values (`properties: null`, an array where a map belongs) come back as they are.
type SanitizedKeyword<Key, Value> = Key extends NameKeyedKeyword
  ? Value extends readonly unknown[]
    ? Value
    : Value extends object
      ? { readonly [name: string]: NameKeyedEntry<Key, Value[keyof Value]> }
      : Value
  : Key extends 'required'
    ? SanitizedNames<Value>
    : Key extends DefinitionKeyword
      ? Value extends readonly unknown[]
        ? Value
        : Value extends object
          ? { readonly [Name in keyof Value]: SanitizedToolSchema<Value[Name]> }
          : Value
      : Key extends ListKeyword
        ? Value extends readonly unknown[]
          ? SanitizedList<Value>
          : Value
        : Key extends 'items'
          ? Value extends readonly unknown[]
            ? SanitizedList<Value>
            : SanitizedToolSchema<Value>
          : Key extends SubschemaKeyword
            ? SanitizedToolSchema<Value>
            : Key extends '$ref'
              ? Value extends string
                ? string
                : Value
              : Key extends 'discriminator'
                ? SanitizedDiscriminator<Value>
                : Value

/**
 * The type of what {@link sanitizeToolSchema} returns for a `Schema`.
 *
 * Keyword names stay as they are, and so do the values of keywords that
 * hold no property names (`type`, `description`, `enum`, `default`, ...).
 * Property names are spelled for the provider, so the keys of every
 * `properties` map (and of `dependentSchemas`, `dependentRequired`,
 * `dependencies`) become `string`, the entries of `required` become
 * `string`, and a `$ref` becomes `string`, and so do a `discriminator`'s
 * `propertyName` and `mapping` values: the type never suggests a key
 * that does not exist at run time. Definition names (`$defs`,
 * `definitions`) and `patternProperties` patterns are kept. Everything is
 * `readonly`: the objects the sanitizer creates are frozen.
 *
 * @example
 * ```ts
 * const sent = sanitizeToolSchema({ type: 'object', properties: { 'first name': { type: 'string' } } } as const)
 * sent.type // 'object'
 * sent.properties // { readonly [name: string]: { readonly type: 'string' } }
 * ```
 */
export type SanitizedToolSchema<Schema> = Schema extends readonly unknown[]
  ? Schema
  : Schema extends object
    ? { readonly [Key in keyof Schema]: SanitizedKeyword<Key, Schema[Key]> }
    : Schema

/**
 * The type of what {@link unmapArgKeys} returns for arguments of type `Args`.
 *
 * The keys of an object are restored to the names the original schema
 * declares, which the type of the model's arguments cannot know: an object
 * becomes `Record<string, unknown>`, an array `unknown[]`; anything else
 * comes back as it is. Narrow the result (a validator, a type guard) before
 * relying on a key.
 */
export type UnmappedArgs<Args> = Args extends readonly unknown[]
  ? unknown[]
  : Args extends object
    ? Record<string, unknown>
    : Args
