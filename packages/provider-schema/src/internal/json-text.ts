import type { Marks } from './marks.js'
import { derive } from './marks.js'
import { own } from './own.js'

/**
 * A position sent as a string holding the value's JSON text, keeping the
 * original description: what a provider that needs every position typed
 * gets where the schema admits any value, a free-form map or a tuple.
 * Restoring parses the text back.
 */
export function jsonText(
  marks: Marks,
  from: Readonly<Record<string, unknown>>,
  text?: string,
): Readonly<Record<string, unknown>> {
  const description =
    typeof own(from, 'description') === 'string' && own(from, 'description') !== ''
      ? `${own(from, 'description') as string} `
      : ''
  const schema = derive(marks, undefined, {
    type: 'string',
    description: text ?? `${description}(JSON text of the value.)`,
  })
  marks.jsonText.add(schema)
  return schema
}
