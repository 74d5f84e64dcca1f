/** Options of `coerceToolArgs` and `coerceToolArgsWithPatch`. */
export interface CoerceToolArgsOptions {
  /**
   * How many levels of objects and arrays are entered (default 128, at most 1,000). Deeper values pass through
   * unchanged, so no input, however deep, can overflow the stack.
   */
  readonly maxDepth?: number
  /**
   * Whether this call may specialize a schema it has seen before with `new Function` (default true; see the README's
   * Security section). Pass false under a Content-Security-Policy without 'unsafe-eval': the engine would refuse
   * anyway (the refusal is caught and the interpreter kept), but browsers also report the attempt. Outputs are the
   * same either way.
   */
  readonly codegen?: boolean
  /**
   * Where the schema says nothing of the type (`{}`, no `type`, `enum` or `const`), a string holding a JSON object or
   * array becomes that object or array (default false). Some hosts stringify exactly those values.
   */
  readonly parseUntypedJson?: boolean
  /** Where only a string is admitted (null aside), an object or array becomes its JSON text (default false). */
  readonly stringifyStructures?: boolean
  /** At a boolean position, `"yes"`/`"1"` become true and `"no"`/`"0"` false, trimmed, any case (default false). */
  readonly looseBooleans?: boolean
}

/** The options that change the rules, as bits: a compiled schema is cached per (schema object, flags). */
export const NO_CODEGEN = 1
export const PARSE_UNTYPED_JSON = 2
export const STRINGIFY_STRUCTURES = 4
export const LOOSE_BOOLEANS = 8

/** What one call runs with. */
export type CallOptions = { readonly maxDepth: number; readonly flags: number }

const DEFAULTS: CallOptions = { maxDepth: 128, flags: 0 }
const MAX_MAX_DEPTH = 1000

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'number' ? String(value) : typeof value
}

function fail(expected: string, value: unknown): never {
  throw new TypeError(`coerceToolArgs: expected ${expected}, received ${describe(value)}`)
}

function flag(name: string, value: unknown, ifTrue: number, ifFalse: number): number {
  if (typeof value !== 'boolean') fail(`options.${name} to be a boolean or undefined`, value)
  return value ? ifTrue : ifFalse
}

/** The options of a call; a programmer error here throws a TypeError saying what was expected. */
export function readOptions(options: CoerceToolArgsOptions | undefined): CallOptions {
  if (options === undefined) return DEFAULTS
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    fail('options to be an object or undefined', options)
  const {
    maxDepth = DEFAULTS.maxDepth,
    codegen = true,
    parseUntypedJson = false,
    stringifyStructures = false,
    looseBooleans = false,
  } = options
  if (typeof maxDepth !== 'number' || !Number.isInteger(maxDepth) || maxDepth < 0 || maxDepth > MAX_MAX_DEPTH)
    fail(`options.maxDepth to be an integer from 0 to ${MAX_MAX_DEPTH}`, maxDepth)
  // One named read per option: a loop over the names would make each read a keyed one, slower on every call.
  const flags =
    flag('codegen', codegen, 0, NO_CODEGEN) |
    flag('parseUntypedJson', parseUntypedJson, PARSE_UNTYPED_JSON, 0) |
    flag('stringifyStructures', stringifyStructures, STRINGIFY_STRUCTURES, 0) |
    flag('looseBooleans', looseBooleans, LOOSE_BOOLEANS, 0)
  return flags === 0 && maxDepth === DEFAULTS.maxDepth ? DEFAULTS : { maxDepth, flags }
}
