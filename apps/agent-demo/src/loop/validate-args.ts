import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { Ajv2019 } from 'ajv/dist/2019.js'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { JsonObject } from '../tools/types.js'

/** The outcome of validating final arguments against the tool's original schema. */
export type ArgsValidation =
  | { readonly valid: true }
  | {
      readonly valid: false
      /** Every required argument that is missing, as `/path/name` pointers (root ones as `name`). */
      readonly missing: readonly string[]
      /** The first failing instance path and ajv's message for it. */
      readonly firstError: { readonly path: string; readonly message: string }
    }

// Compiling costs milliseconds; a tool's schema object is compiled once. One
// ajv instance per draft: MCP servers built on zod 3 announce draft-07, zod 4
// and pydantic 2020-12 (or nothing).
const compiled = new WeakMap<JsonObject, ValidateFunction | Error>()
const options = { strict: false, allErrors: true, validateFormats: false } as const
let instances: { draft7: Ajv; draft2019: Ajv2019; draft2020: Ajv2020 } | undefined

function compile(schema: JsonObject): ValidateFunction | Error {
  const cached = compiled.get(schema)
  if (cached !== undefined) return cached
  instances ??= { draft7: new Ajv(options), draft2019: new Ajv2019(options), draft2020: new Ajv2020(options) }
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : ''
  const ajv = /draft-0[467]/.test(dialect)
    ? instances.draft7
    : dialect.includes('2019-09')
      ? instances.draft2019
      : instances.draft2020
  let result: ValidateFunction | Error
  try {
    result = ajv.compile(schema)
  } catch (error) {
    result = error instanceof Error ? error : new Error(String(error))
  }
  compiled.set(schema, result)
  return result
}

/**
 * Validates the final arguments of an entry against the schema the tool
 * declared (not the sanitized one: by now the keys are the original names).
 *
 * A schema ajv cannot compile makes the entry invalid with ajv's reason, so a
 * broken server schema is reported to the model instead of crashing the turn.
 *
 * @example
 * validateArgs({ type: 'object', required: ['path'] }, {})
 * // => { valid: false, missing: ['path'], firstError: { path: '/', message: "must have required property 'path'" } }
 */
export function validateArgs(schema: JsonObject, args: unknown): ArgsValidation {
  const validate = compile(schema)
  if (validate instanceof Error) {
    return {
      valid: false,
      missing: [],
      firstError: { path: '/', message: `tool schema does not compile: ${validate.message}` },
    }
  }
  if (validate(args)) return { valid: true }
  const errors: readonly ErrorObject[] = validate.errors ?? []
  const missing = errors
    .filter((error) => error.keyword === 'required')
    .map((error) => {
      const name = String((error.params as { missingProperty?: unknown }).missingProperty)
      return error.instancePath === '' ? name : `${error.instancePath}/${name}`
    })
  const first = errors[0]
  return {
    valid: false,
    missing,
    firstError: {
      path: first === undefined || first.instancePath === '' ? '/' : first.instancePath,
      message: first?.message ?? 'is invalid',
    },
  }
}

/**
 * The message the model reads when validation fails: what is missing and
 * where the first failure is, so it can correct the call in one go.
 *
 * @example
 * formatValidationError('mcp__files__read', { valid: false, missing: ['path'], firstError: { path: '/', message: "must have required property 'path'" } })
 * // => "Invalid arguments for 'mcp__files__read': missing required argument 'path'. First failing path: / (must have required property 'path'). The tool was not called."
 */
export function formatValidationError(toolName: string, validation: Exclude<ArgsValidation, { valid: true }>): string {
  const parts = [`Invalid arguments for '${toolName}':`]
  if (validation.missing.length === 1) parts.push(`missing required argument '${validation.missing[0]}'.`)
  if (validation.missing.length > 1)
    parts.push(`missing required arguments ${validation.missing.map((name) => `'${name}'`).join(', ')}.`)
  parts.push(
    `First failing path: ${validation.firstError.path} (${validation.firstError.message}). The tool was not called.`,
  )
  return parts.join(' ')
}
