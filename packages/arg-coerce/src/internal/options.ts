/** Options of `coerceToolArgs` and `coerceToolArgsWithPatch`. */
export interface CoerceToolArgsOptions {
  /** Levels of objects and arrays entered (default 128, at most 1,000); deeper ones stay as sent: no stack overflow. */
  readonly maxDepth?: number
  /**
   * Whether this call may specialize a schema it has seen before with `new Function` (default true; see the README's
   * Security section). Pass false under a Content-Security-Policy without 'unsafe-eval': the engine would refuse
   * anyway (caught: the interpreter runs), but browsers also report the attempt. Outputs are the same either way.
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
export const [NO_CODEGEN, PARSE_UNTYPED_JSON, STRINGIFY_STRUCTURES, LOOSE_BOOLEANS] = [1, 2, 4, 8] as const

const DEFAULTS: { readonly maxDepth: number; readonly flags: number } = { maxDepth: 128, flags: 0 }
const MAX_MAX_DEPTH = 1000

function fail(expected: string, value: unknown): never {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value
  throw new TypeError(`coerceToolArgs: expected ${expected}, received ${kind === 'number' ? String(value) : kind}`)
}

// Every default is the 0 bit: codegen on, the opt-in rules off.
function flag(name: string, value: unknown, ifTrue: number, ifFalse: number): number {
  if (value === undefined) return 0
  if (typeof value !== 'boolean') fail(`options.${name} to be a boolean or undefined`, value)
  return value ? ifTrue : ifFalse
}

/** What one call runs with; a programmer error in `options` throws a TypeError saying what was expected. */
export function readOptions(options: CoerceToolArgsOptions | undefined): typeof DEFAULTS {
  if (options === undefined) return DEFAULTS
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    fail('options to be an object or undefined', options)
  const { maxDepth = DEFAULTS.maxDepth } = options
  if (typeof maxDepth !== 'number' || !Number.isInteger(maxDepth) || maxDepth < 0 || maxDepth > MAX_MAX_DEPTH)
    fail(`options.maxDepth to be an integer from 0 to ${MAX_MAX_DEPTH}`, maxDepth)
  // One named read per option: a loop over the names would make each read a keyed one, slower on every call.
  const flags =
    flag('codegen', options.codegen, 0, NO_CODEGEN) |
    flag('parseUntypedJson', options.parseUntypedJson, PARSE_UNTYPED_JSON, 0) |
    flag('stringifyStructures', options.stringifyStructures, STRINGIFY_STRUCTURES, 0) |
    flag('looseBooleans', options.looseBooleans, LOOSE_BOOLEANS, 0)
  return flags === 0 && maxDepth === DEFAULTS.maxDepth ? DEFAULTS : { maxDepth, flags }
}
