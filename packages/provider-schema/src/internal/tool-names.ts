import { shortHash } from './hash.js'
import type { NameRule } from './name-rule.js'
import { satisfies } from './name-rule.js'

function sanitize(name: string, rule: NameRule): string {
  let characters = Array.from(name, (character, index) => (rule.allows(character, index === 0) ? character : '_'))
  // A name whose first character may not come first keeps it, behind `_`: `3d` becomes `_3d`, not `_d`.
  if (characters.length > 0 && !rule.allows(Array.from(name)[0]!, true) && rule.allows(Array.from(name)[0]!, false)) {
    characters = ['_', Array.from(name)[0]!, ...characters.slice(1)]
  }
  return characters.length === 0 ? 'tool' : characters.join('')
}

function tagged(base: string, tag: string, rule: NameRule): string {
  const room = rule.maxLength - tag.length - 1
  return `${Array.from(base).slice(0, room).join('')}_${tag}`
}

/**
 * Provider-side names for a list of tool names: valid for the rule, unique,
 * deterministic. A valid name is kept as it is (its first occurrence). Any
 * other name gets its sanitized spelling plus a tag computed from the
 * original name alone, so adding or removing another tool never changes
 * it; only a repeated name or a tag collision takes a counter into the tag.
 */
export function assignToolNames(names: readonly string[], rule: NameRule): string[] {
  const taken = new Set<string>()
  const result = new Array<string>(names.length)
  const pending: number[] = []
  names.forEach((name, index) => {
    if (satisfies(name, rule) && !taken.has(name)) {
      taken.add(name)
      result[index] = name
    } else pending.push(index)
  })
  for (const index of pending) {
    const name = names[index]!
    const base = sanitize(name, rule)
    let candidate = tagged(base, shortHash(name), rule)
    // Terminates: each counter gives a different tag input, and at most names.length are taken.
    for (let counter = 2; taken.has(candidate); counter++)
      candidate = tagged(base, shortHash(`${name}\u0000${counter}`), rule)
    taken.add(candidate)
    result[index] = candidate
  }
  return result
}
