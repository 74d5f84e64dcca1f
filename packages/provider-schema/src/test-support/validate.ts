import Ajv2020 from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv'

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false })
const compiled = new WeakMap<object, ValidateFunction>()

/** The schema with the keywords ajv's 2020 dialect cannot load stripped (`$schema` of older drafts, `$id`). */
function loadable(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema
  const { $schema: _schema, $id: _id, ...rest } = schema as Record<string, unknown>
  return rest
}

/** Whether `value` is valid against `schema` (ajv, JSON Schema 2020-12, formats not checked). */
export function isValid(schema: unknown, value: unknown): boolean {
  if (typeof schema === 'boolean') return schema
  if (typeof schema !== 'object' || schema === null) return true
  let validate = compiled.get(schema)
  if (validate === undefined) {
    validate = ajv.compile(loadable(schema) as object)
    compiled.set(schema, validate)
  }
  return validate(value) as boolean
}

/** The first ajv error of the last validation against `schema`, for failure messages. */
export function errorsOf(schema: object): unknown {
  return compiled.get(schema)?.errors
}

const dialects = new WeakMap<object, unknown>()

/** Gemini's OpenAPI `nullable: true`, read as JSON Schema: null added to the position. */
function fromOpenApi(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 200) return schema
  if (Array.isArray(schema)) return schema.map((entry) => fromOpenApi(entry, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue
    Object.defineProperty(out, key, {
      value:
        key === 'properties' && typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([name, child]) => [name, fromOpenApi(child, depth + 1)]))
          : fromOpenApi(value, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  if ((schema as Record<string, unknown>).nullable !== true) return out
  if (typeof out.type === 'string') out.type = [out.type, 'null']
  else if (Array.isArray(out.anyOf)) out.anyOf = [...out.anyOf, { type: 'null' }]
  if (Array.isArray(out.enum)) out.enum = [...out.enum, null]
  return out
}

/** Whether `value` is valid against a schema as `provider` reads it (Gemini's `nullable` included). */
export function isValidFor(provider: string, schema: object, value: unknown): boolean {
  if (provider !== 'gemini') return isValid(schema, value)
  let converted = dialects.get(schema)
  if (converted === undefined) {
    converted = fromOpenApi(schema)
    dialects.set(schema, converted)
  }
  return isValid(converted, value)
}
