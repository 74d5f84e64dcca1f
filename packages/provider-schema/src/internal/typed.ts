import { jsonText } from './json-text.js'
import type { Marks } from './marks.js'
import { withFields } from './notes.js'
import { isRecord, own, typesOf } from './own.js'

function carriesJsonText(marks: Marks, schema: unknown, depth = 0): boolean {
  if (!isRecord(schema) || depth > 8) return false
  if (marks.jsonText.has(schema)) return true
  const anyOf = own(schema, 'anyOf')
  // Array items too: two array branches whose items differ only by JSON text cannot be told apart either.
  return (
    (Array.isArray(anyOf) && anyOf.some((branch) => carriesJsonText(marks, branch, depth + 1))) ||
    carriesJsonText(marks, own(schema, 'items'), depth + 1)
  )
}

/**
 * A position as a provider that types every position accepts it: any value,
 * a free-form object (below the root), a tuple and a bare `null` become JSON
 * text (with OpenAPI, any object below the root without properties too);
 * an array without `items` gets JSON-text items. A root without
 * properties (and no schema for other keys) is a tool without arguments and
 * stays an empty object.
 */
export function typedNode(
  marks: Marks,
  node: Readonly<Record<string, unknown>>,
  root: boolean,
  openApi: boolean,
): Readonly<Record<string, unknown>> {
  if (marks.jsonText.has(node)) return node
  const types = typesOf(node)
  const anyOf = own(node, 'anyOf')
  const typed =
    types.length > 0 || Array.isArray(anyOf) || Array.isArray(own(node, 'enum')) || Object.hasOwn(node, 'const')
  if (!typed) return jsonText(marks, node)
  if (openApi && types.length === 1 && types[0] === 'null' && !Array.isArray(anyOf)) return jsonText(marks, node)
  // A JSON-text branch admits any value, so a value read back could belong to
  // it or to a typed branch beside it: the whole union is then JSON text
  // (one branch alone is no union, and nothing to tell apart).
  if (Array.isArray(anyOf) && anyOf.length > 1 && anyOf.some((branch) => carriesJsonText(marks, branch)))
    return jsonText(marks, node)
  const properties = own(node, 'properties')
  if (types.includes('object') || isRecord(properties)) {
    const empty = !isRecord(properties) || Object.keys(properties).length === 0
    const additional = own(node, 'additionalProperties')
    // OpenAPI (Gemini) refuses an empty object anywhere below the root, even a closed one.
    const closedEmpty = additional === false && !openApi
    if (empty && !closedEmpty && !(root && (additional === undefined || additional === true || additional === false)))
      return jsonText(marks, node)
  }
  if (types.includes('array')) {
    if (own(node, 'prefixItems') !== undefined || Array.isArray(own(node, 'items'))) return jsonText(marks, node)
    if (!isRecord(own(node, 'items'))) return withFields(marks, node, { items: jsonText(marks, {}) })
  }
  return node
}
