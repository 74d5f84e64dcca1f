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
