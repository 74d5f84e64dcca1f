// A conservative static reading of a regular expression's source, enough to
// refuse the shapes that make a backtracking engine (V8's irregexp) take
// exponential or high-polynomial time. It never needs to be exact: a pattern
// it cannot vouch for is refused, and the caller treats it as matching no key.

/** Longest key a tester runs its pattern on: the `n` of the cost bound. */
export const KEY_BUDGET = 256

/**
 * Most backtracking steps the cost model allows: KEY_BUDGET (start
 * positions of an unanchored search) times the product of every variable
 * quantifier's range, an unbounded one counting KEY_BUDGET. 2^24 admits two
 * unbounded quantifiers (`^[a-z]+_[0-9]+$`), not three.
 */
export const STEP_BUDGET = 2 ** 24

interface Group {
  /** Some quantifier occurs inside (at any depth). */
  quantified: boolean
  /** Alternatives that could both match at one position (or could not be vouched for). */
  ambiguous: boolean
  /** Text of each alternative while it is a plain literal; undefined once it is not. */
  literals: (string | undefined)[]
}

const quantifierAt = /^(?:[*+?]|\{(\d+)(?:(,)(\d*))?\})/
const literalChar = /^[^\\^$.|?*+()[\]{}]$/

const newGroup = (): Group => ({ quantified: false, ambiguous: false, literals: [''] })

// Literal alternatives with pairwise distinct first characters: at most one
// of them can match at any position, so repeating the group stays linear.
const literalsOverlap = (literals: (string | undefined)[]): boolean => {
  if (literals.length < 2) return false
  const firsts = new Set<string>()
  for (const text of literals) {
    if (text === undefined || text === '' || firsts.has(text[0]!)) return true
    firsts.add(text[0]!)
  }
  return false
}

const markNotLiteral = (group: Group): void => {
  group.literals[group.literals.length - 1] = undefined
}

/**
 * True when `source` (already known to compile) should not be run on
 * untrusted keys: a backreference (`\1`, `\k<name>`); a group repeated more
 * than once (`*`, `+`, `{n,}`, `{n,m}` with m > 1) that contains any
 * quantifier (`(a+)+`, `(a?)*`, `(?:a{2,})+`) or alternatives that are not
 * plain literals with distinct first characters (`(a|ab)*`, `(\d|x)+`); or
 * a cost estimate above {@link STEP_BUDGET}.
 */
export function isPatternRisky(source: string): boolean {
  const stack: Group[] = [newGroup()]
  let steps = KEY_BUDGET
  // The group that just closed, while a quantifier may still follow it.
  let closed: Group | undefined
  let index = 0
  while (index < source.length) {
    const top = stack[stack.length - 1]!
    const char = source[index]!
    const quantifier = quantifierAt.exec(source.slice(index, index + 24))
    if (quantifier !== null && index > 0) {
      const min = quantifier[1] === undefined ? (char === '+' ? 1 : 0) : Number(quantifier[1])
      const max =
        quantifier[1] === undefined
          ? char === '?'
            ? 1
            : Infinity
          : quantifier[2] === undefined
            ? min
            : quantifier[3] === ''
              ? Infinity
              : Number(quantifier[3])
      if (closed !== undefined && max > 1 && (closed.quantified || closed.ambiguous)) return true
      if (max > min) steps *= Math.min(max - min + 1, KEY_BUDGET)
      if (steps > STEP_BUDGET) return true
      top.quantified = true
      markNotLiteral(top)
      closed = undefined
      index += quantifier[0].length
      if (source[index] === '?') index += 1
      continue
    }
    closed = undefined
    if (char === '\\') {
      const next = source[index + 1] ?? ''
      if (/[1-9k]/.test(next)) return true
      markNotLiteral(top)
      index += 2
    } else if (char === '[') {
      index += 1
      while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1
      markNotLiteral(top)
      index += 1
    } else if (char === '(') {
      markNotLiteral(top)
      stack.push(newGroup())
      index += 1
      // `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?<name>`: the prefix is not part of the body.
      if (source[index] === '?') {
        const named = /^\?<(?![=!])[^>]*>/.exec(source.slice(index))
        index += named !== null ? named[0].length : source[index + 1] === '<' ? 3 : 2
      }
    } else if (char === ')' && stack.length > 1) {
      const group = stack.pop()!
      if (literalsOverlap(group.literals)) group.ambiguous = true
      const parent = stack[stack.length - 1]!
      parent.quantified ||= group.quantified
      parent.ambiguous ||= group.ambiguous
      closed = group
      index += 1
    } else if (char === '|') {
      top.literals.push('')
      index += 1
    } else {
      const literals = top.literals
      const last = literals[literals.length - 1]
      literals[literals.length - 1] = last !== undefined && literalChar.test(char) ? last + char : undefined
      index += 1
    }
  }
  // A top-level alternation is tried once per start position: no repetition, no risk.
  return false
}
