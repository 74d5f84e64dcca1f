import type { Marks } from './marks.js'
import { describeWith, withFields } from './notes.js'
import { isRecord, own, setOwn, typesOf } from './own.js'

// Gemini reads an OpenAPI 3.0 Schema object: one `type` (a list is refused
// as "not repeating"), `nullable` for null, string `enum` values only, no
// `const`, and no `type` beside `anyOf`.

/** The keywords that belong to one type, moved with it into its own branch when a type list becomes an `anyOf`. */
const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'enum'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems'],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'minProperties',
    'maxProperties',
    'patternProperties',
    'propertyNames',
  ],
}
const MOVED = new Set(Object.values(TYPE_KEYWORDS).flat())

function typeOfValue(value: unknown): string | undefined {
  if (typeof value === 'string') return 'string'
  if (typeof value === 'boolean') return 'boolean'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return undefined
}

/** A `{ type: "null" }` union branch, which Gemini spells `nullable: true` on the union. */
export function isNullBranch(branch: unknown): boolean {
  return (
    isRecord(branch) &&
    typesOf(branch).length === 1 &&
    typesOf(branch)[0] === 'null' &&
    Object.keys(branch).every((key) => key === 'type' || key === 'description' || key === 'title')
  )
}

/** `const` as a one-value `enum` (strings), or a type and a note (other values). */
function constToEnum(marks: Marks, node: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if (!Object.hasOwn(node, 'const')) return node
  const value = node.const
  const type = typeOfValue(value)
  const fields: Record<string, unknown> = {}
  if (type === 'string') fields.enum = [value]
  else fields.description = describeWith(own(node, 'description'), [`always ${JSON.stringify(value) ?? String(value)}`])
  if (typesOf(node).length === 0 && type !== undefined) fields.type = type
  if (value === null) fields.nullable = true
  return withFields(marks, node, fields, ['const'])
}

/** Null out of `enum` into `nullable`; values other than strings noted instead of listed. */
function stringEnum(marks: Marks, node: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const values = own(node, 'enum')
  if (!Array.isArray(values)) return node
  const nonNull = values.filter((value) => value !== null)
  const nullable = nonNull.length !== values.length
  if (nonNull.every((value) => typeof value === 'string') && !nullable) {
    return typesOf(node).length === 0 ? withFields(marks, node, { type: 'string' }) : node
  }
  const fields: Record<string, unknown> = {}
  if (nullable) fields.nullable = true
  if (nonNull.every((value) => typeof value === 'string')) {
    fields.enum = nonNull.length > 0 ? nonNull : undefined
    if (typesOf(node).length === 0 && nonNull.length > 0) fields.type = 'string'
    return withFields(marks, node, fields, nonNull.length > 0 ? [] : ['enum'])
  }
  fields.description = describeWith(own(node, 'description'), [
    `one of ${nonNull.map((value) => JSON.stringify(value) ?? String(value)).join(', ')}`.slice(0, 500),
  ])
  const types = [...new Set(nonNull.map(typeOfValue).filter((type): type is string => type !== undefined))]
  if (typesOf(node).length === 0 && types.length === 1) fields.type = types[0]
  return withFields(marks, node, fields, ['enum'])
}

/** A type list as one type plus `nullable`, or an `anyOf` of one branch per type. */
function singleType(marks: Marks, node: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const type = own(node, 'type')
  // Beside `anyOf` the type was already given to the branches: `unionShape` drops it.
  if (!Array.isArray(type) || Object.hasOwn(node, 'anyOf')) return node
  const types = typesOf(node)
  const nonNull = types.filter((entry) => entry !== 'null')
  const fields: Record<string, unknown> = {}
  if (nonNull.length !== types.length) fields.nullable = true
  if (nonNull.length <= 1) {
    fields.type = nonNull[0] ?? 'null'
    return withFields(marks, node, fields)
  }
  const branches = nonNull.map((entry) => {
    const branch: Record<string, unknown> = { type: entry }
    for (const keyword of TYPE_KEYWORDS[entry] ?? [])
      if (Object.hasOwn(node, keyword)) setOwn(branch, keyword, node[keyword])
    return Object.freeze(branch)
  })
  fields.anyOf = branches
  return withFields(marks, node, fields, ['type', ...MOVED])
}

/** No `type` beside `anyOf` (the branches got it before they were rewritten); a one-branch union is that branch. */
function unionShape(marks: Marks, node: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  const anyOf = own(node, 'anyOf')
  if (!Array.isArray(anyOf)) return node
  const type = own(node, 'type')
  const fields: Record<string, unknown> = {}
  if (Array.isArray(type) && type.includes('null')) fields.nullable = true
  if (anyOf.length === 1 && isRecord(anyOf[0])) {
    // The union is its branch (whose marks, such as JSON text, are kept), with the outer annotations.
    const only = anyOf[0]
    for (const key of Object.keys(node))
      if (key !== 'anyOf' && key !== 'type' && !Object.hasOwn(only, key)) setOwn(fields, key, node[key])
    return withFields(marks, only, fields)
  }
  return type === undefined ? node : withFields(marks, node, fields, ['type'])
}

/** One schema position (children already rewritten) in the OpenAPI 3.0 shapes Gemini reads. */
export function openApiNode(marks: Marks, node: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  return unionShape(marks, singleType(marks, stringEnum(marks, constToEnum(marks, node))))
}
