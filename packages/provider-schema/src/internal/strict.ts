import { jsonText } from './json-text.js'
import type { Marks } from './marks.js'
import { derive } from './marks.js'
import { describeWith, withFields } from './notes.js'
import { isRecord, own, setOwn, typesOf } from './own.js'
import type { StrictLimits } from './profiles.js'

// OpenAI strict mode: every object lists all its properties in `required`
// and sets `additionalProperties: false`; an optional property is sent
// nullable and its null read back as "omitted". Sizes are budgeted.

const NULL_SCHEMA = Object.freeze({ type: 'null' })

/** What strict mode's limits have used so far in one schema. */
export interface StrictBudget {
  properties: number
  enumValues: number
  stringLength: number
}

export function createBudget(): StrictBudget {
  return { properties: 0, enumValues: 0, stringLength: 0 }
}

/** The same position, also admitting null (what strict mode sends for an omitted optional property). */
export function nullable(marks: Marks, schema: unknown): unknown {
  if (!isRecord(schema)) return schema
  const types = typesOf(schema)
  if (types.includes('null')) return schema
  const anyOf = own(schema, 'anyOf')
  // A `const` admits one value whatever the type says: null joins it as a union branch.
  if (types.length > 0 && anyOf === undefined && !Object.hasOwn(schema, 'const')) {
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

function closedObject(marks: Marks, node: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
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
  for (const key of Object.keys(node)) setOwn(out, key, node[key])
  if (typesOf(node).length === 0) out.type = 'object'
  out.properties = Object.freeze(closed)
  out.required = Object.freeze(names)
  out.additionalProperties = false
  const schema = derive(marks, undefined, out)
  if (optional.size > 0) marks.optional.set(schema, optional)
  return schema
}

function textLength(values: readonly unknown[]): number {
  let length = 0
  for (const value of values) if (typeof value === 'string') length += value.length
  return length
}

/** An `enum` strict mode's budgets cannot take, dropped and noted. */
function budgetEnum(
  marks: Marks,
  node: Readonly<Record<string, unknown>>,
  limits: StrictLimits,
  budget: StrictBudget,
): Readonly<Record<string, unknown>> {
  const values = own(node, 'enum')
  if (!Array.isArray(values)) return node
  const length = textLength(values)
  const large = values.length > limits.largeEnumValues && length > limits.maxLargeEnumLength
  if (
    !large &&
    budget.enumValues + values.length <= limits.maxEnumValues &&
    budget.stringLength + length <= limits.maxStringLength
  ) {
    budget.enumValues += values.length
    budget.stringLength += length
    return node
  }
  return withFields(
    marks,
    node,
    {
      description: describeWith(own(node, 'description'), [
        `one of ${values.length} values, too many for strict mode to list`,
      ]),
    },
    ['enum'],
  )
}

/**
 * One schema position (children already rewritten, refused keywords
 * dropped) as strict mode accepts it. `objectDepth` counts the objects
 * from the root down to this position, this one included.
 */
export function strictNode(
  marks: Marks,
  node: Readonly<Record<string, unknown>>,
  limits: StrictLimits,
  budget: StrictBudget,
  objectDepth: number,
): Readonly<Record<string, unknown>> {
  if (marks.jsonText.has(node)) return node
  const current = budgetEnum(marks, node, limits, budget)
  const properties = own(current, 'properties')
  const objectLike = typesOf(current).includes('object') || isRecord(properties)
  if (!objectLike) return current
  const names = isRecord(properties) ? Object.keys(properties) : []
  const length = textLength(names)
  if (objectDepth > limits.maxObjectDepth)
    return jsonText(
      marks,
      current,
      describeWith(own(current, 'description'), [
        `JSON text of the value: nested deeper than ${limits.maxObjectDepth} objects`,
      ]),
    )
  if (
    budget.properties + names.length > limits.maxProperties ||
    budget.stringLength + length > limits.maxStringLength
  ) {
    return jsonText(
      marks,
      current,
      describeWith(own(current, 'description'), [
        'JSON text of the value: the schema is larger than strict mode accepts',
      ]),
    )
  }
  budget.properties += names.length
  budget.stringLength += length
  return closedObject(marks, current)
}

/** The object that carries a root strict mode cannot take as it is. */
export function strictWrapper(name: string, schema: unknown): Record<string, unknown> {
  return { type: 'object', properties: { [name]: schema }, required: [name], additionalProperties: false }
}
