/** A rule for names (tools or properties): which characters, which first character, how long. */
export interface NameRule {
  /** The rule as a regular expression source, for messages and the README. */
  readonly pattern: string
  readonly maxLength: number
  /** Whether one character (a code point) is allowed, at the first position or elsewhere. */
  allows(character: string, first: boolean): boolean
}

function isAlphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
}

/** A rule allowing letters, digits and the given ASCII punctuation, with an optional first-character rule. */
export function nameRule(
  pattern: string,
  maxLength: number,
  punctuation: string,
  firstLetterOrUnderscore: boolean,
): NameRule {
  const extra = new Set(Array.from(punctuation, (character) => character.charCodeAt(0)))
  return Object.freeze({
    pattern,
    maxLength,
    allows(character: string, first: boolean): boolean {
      if (character.length !== 1) return false
      const code = character.charCodeAt(0)
      if (first && firstLetterOrUnderscore) return isLetter(code) || code === 95
      return isAlphanumeric(code) || extra.has(code)
    },
  })
}

/** Whether `name` satisfies `rule` (length counted in code points). */
export function satisfies(name: string, rule: NameRule): boolean {
  const characters = Array.from(name)
  if (characters.length === 0 || characters.length > rule.maxLength) return false
  return characters.every((character, index) => rule.allows(character, index === 0))
}
