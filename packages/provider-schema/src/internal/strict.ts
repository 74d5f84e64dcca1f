import type { Marks } from './marks.js'
import { derive } from './marks.js'
import { isRecord, own, setOwn, typesOf } from './own.js'

// OpenAI strict mode: every object lists all its properties in `required`
// and sets `additionalProperties: false`, and every position is typed. A
// position strict mode cannot describe (any value, a free-form map, a
// tuple) is sent as a string holding the value's JSON text, and parsed back.

const NULL_SCHEMA = Object.freeze({ type: 'null' })

/** Keywords strict mode refuses on an object, dropped once `additionalProperties: false` closes it. */
const OPEN_OBJECT_KEYWORDS = new Set([
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
])

/** A position sent as JSON text, keeping the original description. */
export function jsonText(marks: Marks, from: Record<string, unknown>, text?: string): Readonly<Record<string, unknown>> {
  const description = typeof own(from, 'description') === 'string' ? `${own(from, 'description') as string} ` : ''
  const schema = derive(marks, undefined, { type: 'string', description: text ?? `${description}(JSON text of the value.)` })
  marks.jsonText.add(schema)
  return schema
}

/** The same position, also admitting null (what strict mode sends for an omitted optional property). */
export function nullable(marks: Marks, schema: unknown): unknown {
  if (!isRecord(schema)) return schema
  const types = typesOf(schema)
  if (types.includes('null')) return schema
  const anyOf = own(schema, 'anyOf')
  if (types.length > 0 && anyOf === undefined) {
    const out: Record<string, unknown> = { ...schema, type: [...types, 'null'] }
    const values = own(schema, 'enum')
    if (Array.isArray(values) && !values.includes(null)) out.enum = [...values, null]
    return derive(marks, schema, out)
  }
  if (Array.isArray(anyOf) && types.length === 0) {
    if (anyOf.some((branch) => isRecord(branch) && typesOf(branch).includes('null'))) return schema
    return derive(marks, schema, { ...schema, anyOf: [...anyOf, NULL_SCHEMA] })
  }
  return Object.freeze({ anyOf: [schema, NULL_SCHEMA] })
}

function isJsonText(marks: Marks, schema: Record<string, unknown>): boolean {
  return marks.jsonText.has(schema)
}

function admitsString(marks: Marks, schema: Record<string, unknown>): boolean {
  if (marks.jsonText.has(schema)) return false
  if (typesOf(schema).includes('string') || typeof own(schema, 'const') === 'string') return true
  const values = own(schema, 'enum')
  return Array.isArray(values) && values.some((value) => typeof value === 'string')
}

/** Whether a branch, or a branch of its own `anyOf` (a few levels down), satisfies `test`. */
function carries(marks: Marks, schema: unknown, test: (marks: Marks, schema: Record<string, unknown>) => boolean, depth = 0): boolean {
  if (!isRecord(schema) || depth > 8) return false
  if (test(marks, schema)) return true
  const anyOf = own(schema, 'anyOf')
  return Array.isArray(anyOf) && anyOf.some((branch) => carries(marks, branch, test, depth + 1))
}

function closedObject(marks: Marks, node: Record<string, unknown>): Readonly<Record<string, unknown>> {
  const properties = own(node, 'properties')
  const map = isRecord(properties) ? properties : {}
  const names = Object.keys(map)
  const requiredList = own(node, 'required')
  const required = new Set(Array.isArray(requiredList) ? requiredList.filter((name) => typeof name === 'string') : [])
  const optional = new Set<string>()
  const closed: Record<string, unknown> = {}
  for (const name of names) {
    if (required.has(name)) setOwn(closed, name, map[name])
    else {
      optional.add(name)
      setOwn(closed, name, nullable(marks, map[name]))
    }
  }
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(node)) if (!OPEN_OBJECT_KEYWORDS.has(key)) setOwn(out, key, node[key])
  if (typesOf(node).length === 0) out.type = 'object'
  out.properties = Object.freeze(closed)
  out.required = Object.freeze(names)
  out.additionalProperties = false
  const schema = derive(marks, undefined, out)
  if (optional.size > 0) marks.optional.set(schema, optional)
  return schema
}

/** One schema position (children already rewritten) as strict mode accepts it. */
export function strictNode(node: Record<string, unknown>, marks: Marks, root: boolean): Readonly<Record<string, unknown>> {
  if (marks.jsonText.has(node)) return node
  let current = node
  const oneOf = own(current, 'oneOf')
  if (Array.isArray(oneOf)) {
    if (own(current, 'anyOf') !== undefined) return jsonText(marks, current)
    const { oneOf: _oneOf, ...rest } = current
    current = { ...rest, anyOf: oneOf }
  }
  const anyOf = own(current, 'anyOf')
  // A string read back from a union with a JSON-text branch and a string
  // branch could be either: the whole union is then sent as JSON text.
  if (Array.isArray(anyOf) && anyOf.some((branch) => carries(marks, branch, isJsonText)) && anyOf.some((branch) => carries(marks, branch, admitsString))) {
    return jsonText(marks, current)
  }
  const allOf = own(current, 'allOf')
  if (allOf !== undefined) {
    if (!Array.isArray(allOf) || allOf.length !== 1 || !isRecord(allOf[0])) return jsonText(marks, current)
    // A single `allOf` member is how pydantic attaches a description to a reference: the member is the schema.
    const { allOf: _allOf, ...rest } = current
    const member = allOf[0]
    return derive(marks, member, { ...rest, ...member })
  }
  const types = typesOf(current)
  const typed = types.length > 0 || ['anyOf', 'enum', 'const'].some((keyword) => own(current, keyword) !== undefined)
  const objectLike = types.includes('object') || isRecord(own(current, 'properties'))
  if (objectLike) {
    const properties = own(current, 'properties')
    const empty = !isRecord(properties) || Object.keys(properties).length === 0
    const additional = own(current, 'additionalProperties')
    // A root without properties is a tool without arguments (the MCP SDK's
    // shape for one): closed and empty, not a map sent as JSON text.
    if (empty && additional !== false && !(root && (additional === undefined || additional === true))) return jsonText(marks, current)
    return closedObject(marks, current)
  }
  if (!typed) return jsonText(marks, current)
  if (types.includes('array')) {
    if (own(current, 'prefixItems') !== undefined || Array.isArray(own(current, 'items'))) return jsonText(marks, current)
    if (!isRecord(own(current, 'items'))) return derive(marks, current, { ...current, items: jsonText(marks, {}) })
  }
  return current === node ? node : derive(marks, node, current)
}

/** The object that carries a root strict mode cannot take as it is. */
export function strictWrapper(name: string, schema: unknown): Record<string, unknown> {
  return { type: 'object', properties: { [name]: schema }, required: [name], additionalProperties: false }
}
