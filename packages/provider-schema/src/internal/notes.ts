import { derive } from './marks.js'
import type { Marks } from './marks.js'
import { own, setOwn } from './own.js'

// Keywords whose value constrains what the tool accepts: when a provider
// refuses one, the description still tells the model about it.
const MEANINGFUL = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
  'default',
  'const',
  'enum',
  'examples',
  'propertyNames',
  'patternProperties',
  'additionalProperties',
  'dependentRequired',
  'contains',
  'not',
])

const MAX_NOTE = 200

function shown(value: unknown): string {
  let text: string
  if (typeof value === 'string') text = value
  else {
    try {
      text = JSON.stringify(value) ?? String(value)
    } catch {
      text = String(value)
    }
  }
  return text.length > MAX_NOTE ? `${text.slice(0, MAX_NOTE)}...` : text
}

/** The note a dropped keyword leaves in the description (`minimum 1`), or undefined when it carried no constraint. */
export function noteFor(keyword: string, value: unknown): string | undefined {
  if (!MEANINGFUL.has(keyword)) return undefined
  // `additionalProperties: false` only closes an object; providers that refuse the keyword close nothing anyway.
  if (keyword === 'additionalProperties' && typeof value === 'boolean') return undefined
  return `${keyword} ${shown(value)}`
}

/** `description` with the notes appended in parentheses. */
export function describeWith(description: unknown, notes: readonly string[]): string | undefined {
  if (notes.length === 0) return typeof description === 'string' ? description : undefined
  const text = `(${notes.join('; ')})`
  return typeof description === 'string' && description !== '' ? `${description} ${text}` : text
}

/**
 * The node without the keywords `keep` refuses, the meaningful ones noted in
 * its description. The very same node when nothing is refused.
 */
export function dropRefused(
  marks: Marks,
  node: Readonly<Record<string, unknown>>,
  keep: (keyword: string, value: unknown) => boolean,
): Readonly<Record<string, unknown>> {
  const keys = Object.keys(node)
  if (keys.every((key) => keep(key, node[key]))) return node
  const out: Record<string, unknown> = {}
  const notes: string[] = []
  for (const key of keys) {
    if (keep(key, node[key])) setOwn(out, key, node[key])
    else {
      const note = noteFor(key, node[key])
      if (note !== undefined) notes.push(note)
    }
  }
  const description = describeWith(own(node, 'description'), notes)
  if (description !== undefined) out.description = description
  return derive(marks, node, out)
}

/** A copy of `node` with `fields` set (own data properties), marks carried over. */
export function withFields(
  marks: Marks,
  node: Readonly<Record<string, unknown>>,
  fields: Record<string, unknown>,
  drop: readonly string[] = [],
): Readonly<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(node))
    if (!drop.includes(key) && !Object.hasOwn(fields, key)) setOwn(out, key, node[key])
  for (const key of Object.keys(fields)) if (fields[key] !== undefined) setOwn(out, key, fields[key])
  return derive(marks, node, out)
}
