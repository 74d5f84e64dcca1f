/** Options of `coerceToolArgs` and `coerceToolArgsWithPatch`. */
export interface CoerceToolArgsOptions {
  /**
   * How many levels of objects and arrays are entered (default 128, at most
   * 1,000). Deeper values pass through unchanged, so no input, however deep,
   * can overflow the stack.
   */
  readonly maxDepth?: number
  /**
   * Whether this call may specialize a schema it has seen before with
   * `new Function` (default true; see the README's Security section). Pass
   * false under a Content-Security-Policy without 'unsafe-eval': the engine
   * would refuse anyway (the refusal is caught and the interpreter kept), but
   * browsers also report the attempt. Outputs are the same either way.
   */
  readonly codegen?: boolean
}

export const DEFAULT_MAX_DEPTH = 128
const MAX_MAX_DEPTH = 1000

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'number' ? String(value) : typeof value
}

/** The codegen flag from the options (already checked to be an object by readMaxDepth). */
export function readCodegen(options: CoerceToolArgsOptions | undefined): boolean {
  if (options === undefined || options.codegen === undefined) return true
  if (typeof options.codegen !== 'boolean') {
    throw new TypeError(
      `coerceToolArgs: expected options.codegen to be a boolean or undefined, received ${describe(options.codegen)}`,
    )
  }
  return options.codegen
}

/** The depth bound from the options; a programmer error here throws a TypeError saying what was expected. */
export function readMaxDepth(options: CoerceToolArgsOptions | undefined): number {
  if (options === undefined) return DEFAULT_MAX_DEPTH
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`coerceToolArgs: expected options to be an object or undefined, received ${describe(options)}`)
  }
  const { maxDepth } = options
  if (maxDepth === undefined) return DEFAULT_MAX_DEPTH
  if (typeof maxDepth !== 'number' || !Number.isInteger(maxDepth) || maxDepth < 0 || maxDepth > MAX_MAX_DEPTH) {
    throw new TypeError(
      `coerceToolArgs: expected options.maxDepth to be an integer from 0 to ${MAX_MAX_DEPTH}, received ${describe(maxDepth)}`,
    )
  }
  return maxDepth
}
