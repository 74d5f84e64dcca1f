// Shared assertions of the test files (never shipped: tsup builds src/index.ts only).
import { Ajv2020 } from 'ajv/dist/2020.js'
import { Ajv } from 'ajv'
import type { ValidateFunction } from 'ajv'
import fastJsonPatch from 'fast-json-patch'
import type { Operation } from 'fast-json-patch'
import { deepFreeze } from '@x/test-utils'
import { expect } from 'vitest'
import { coerceToolArgs } from '../coerce-tool-args.js'
import { coerceToolArgsWithPatch } from '../coerce-tool-args-with-patch.js'

// `nullable` and `discriminator` are OpenAPI keywords ajv does not know;
// formats are not what coercion is about.
const ajv2020 = new Ajv2020({ strict: false, validateFormats: false })
const ajv7 = new Ajv({ strict: false, validateFormats: false })
const validators = new WeakMap<object, ValidateFunction>()

/** An ajv validator for a schema, draft-07 when the schema says so, else 2020-12. */
export function validatorFor(schema: object): ValidateFunction {
  let validate = validators.get(schema)
  if (validate === undefined) {
    const draft = (schema as { $schema?: unknown }).$schema
    const ajv = typeof draft === 'string' && draft.includes('draft-07') ? ajv7 : ajv2020
    validate = ajv.compile(schema)
    validators.set(schema, validate)
  }
  return validate
}

/** A deep copy that keeps own `__proto__` keys as keys and -0 as -0. */
export function jsonClone<T>(value: T): T {
  return structuredClone(value)
}

/** Applies a reported patch to a copy of the input with fast-json-patch. */
export function applyReportedPatch(input: unknown, patch: readonly unknown[]): unknown {
  const copy = jsonClone(input)
  return fastJsonPatch.applyPatch(copy, jsonClone(patch) as Operation[], true, true).newDocument
}

export interface Expectation {
  /** Whether the expected output validates against the schema (checked with ajv, both ways). */
  valid: boolean
}

/**
 * The full contract on one (schema, input, expected) row: the output equals
 * `expected`, ajv agrees on validity, nothing is mutated (frozen inputs), an
 * unchanged input comes back as the same object, coercing again changes
 * nothing, and the patch applied with fast-json-patch gives the output.
 */
export function expectCoercion(schema: object, input: unknown, expected: unknown, { valid }: Expectation): void {
  deepFreeze(schema)
  deepFreeze(input)
  const output = coerceToolArgs(schema, input)
  expect(output).toEqual(expected)
  expect(validatorFor(schema)(expected), 'ajv validity of the expected output').toBe(valid)
  if (JSON.stringify(input) === JSON.stringify(expected) && typeof input === typeof expected) expect(output).toBe(input)
  expect(coerceToolArgs(schema, output)).toBe(output)
  const { args, patch } = coerceToolArgsWithPatch(schema, input)
  expect(args).toEqual(output)
  expect(applyReportedPatch(input, patch)).toEqual(output)
}
