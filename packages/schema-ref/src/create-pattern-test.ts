import { isPatternRisky, KEY_BUDGET } from './internal/pattern-risk.js'

/** Longest pattern source analysed; a longer one is refused without compiling it. */
const PATTERN_BUDGET = 1024
/** Patterns remembered (tester or refusal); past it the oldest entry is dropped. */
const CACHE_SIZE = 512

const cache = new Map<string, ((key: string) => boolean) | null>()

const compile = (pattern: string): RegExp | undefined => {
  // JSON Schema patterns are ECMA-262; `u` first so `\p{L}` means a letter,
  // then no flag for sources that are valid only in the legacy grammar (`\-`).
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags)
    } catch {
      // try the next grammar
    }
  }
  return undefined
}

const build = (pattern: string): ((key: string) => boolean) | null => {
  const regex = compile(pattern)
  if (regex === undefined || isPatternRisky(pattern)) return null
  // No `g`/`y` flag: `test` keeps no `lastIndex` state between keys.
  const test = RegExp.prototype.test
  return (key: string): boolean => {
    if (typeof key !== 'string' || key.length > KEY_BUDGET) return false
    try {
      return test.call(regex, key)
    } catch {
      // Only an engine limit (stack, memory) can land here: no match claimed.
      return false
    }
  }
}

/**
 * A bounded test for one `patternProperties` key pattern, safe to run on keys
 * an untrusted model sent.
 *
 * Returns `undefined` when the pattern must not be run: `pattern` is not a
 * string, is longer than 1,024 UTF-16 units, compiles neither with the `u`
 * flag nor without it, or is refused as potentially catastrophic:
 * - a backreference (`\1`, `\k<name>`);
 * - a group repeated more than once (`*`, `+`, `{n,}`, `{n,m}` with m > 1)
 *   that contains any quantifier (`(a+)+`, `(a*)*`, `(a|b+)*`,
 *   `(?:a{2,})+`, `(a?)+`);
 * - such a group with alternatives that are not all plain literals with
 *   distinct first characters (`(a|ab)*`, `(\d|x)+`, `(a|)*`; `(?:foo|bar)+`
 *   is accepted);
 * - more than two unbounded quantifiers (`a*a*a*b`), counting a bounded
 *   `{n,m}` as its range: the product of the ranges, times 256, may not
 *   exceed 2^24.
 *
 * The returned tester answers `false` for a key longer than 256 UTF-16 units
 * (and for a non-string), so the accepted polynomial patterns stay bounded.
 * Callers usually read `undefined` as "this pattern matches no key". Results
 * are cached per pattern string (512 entries, oldest dropped first). Never
 * throws.
 *
 * @example
 * ```ts
 * createPatternTest('^x-')?.('x-trace') // => true
 * createPatternTest('^(a+)+$') // => undefined (nested quantifier)
 * createPatternTest('^a+$')?.('a'.repeat(300)) // => false (longer than 256)
 * createPatternTest('[') // => undefined (does not compile)
 * ```
 */
export function createPatternTest(pattern: unknown): ((key: string) => boolean) | undefined {
  if (typeof pattern !== 'string' || pattern.length > PATTERN_BUDGET) return undefined
  let test = cache.get(pattern)
  if (test === undefined) {
    test = build(pattern)
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
    cache.set(pattern, test)
  }
  return test ?? undefined
}

/**
 * The longest key a tester made by {@link createPatternTest} runs its pattern
 * on (256 UTF-16 units). A longer key gets `false` without being matched, so
 * whether the pattern covers it is unknown: a caller deciding whether
 * `additionalProperties` applies to such a key reads it as "maybe covered".
 *
 * @example
 * ```ts
 * createPatternTest('^a')?.('a'.repeat(PATTERN_KEY_LIMIT + 1)) // => false (not matched)
 * ```
 */
export const PATTERN_KEY_LIMIT: number = KEY_BUDGET
