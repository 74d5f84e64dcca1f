import type { Plan, Shape, UnmapContext } from './unmap-plan.js'

/** Unmaps one object of a renaming shape; MISMATCH when the value's keys are not the shape's, in its order. */
export type GeneratedUnmap = (value: Record<string, unknown>, context: UnmapContext, depth: number) => unknown

type UnmapValue = (value: unknown, plan: Plan, context: UnmapContext, depth: number) => unknown

/**
 * The specialization switches, one object for the whole package.
 * - `allowed`: whether the call in progress may generate code; false while
 *   an `unmapArgKeys` call made with `{ codegen: false }` runs (it sets and
 *   restores it; everything here is synchronous).
 * - `call`: how many unmapArgKeys calls have used the schema of the call in
 *   progress, this one included. A call made from inside another (a getter
 *   on the arguments) leaves its own count behind; that can only move a
 *   specialization by a call, never change an output.
 * - `after`: a shape (a key order of one schema position) is specialized
 *   once it has been seen that many times, in a call that uses its schema
 *   for at least that many times (the earlier ones go through the
 *   interpreter). 2: a schema used once never pays for code generation,
 *   however many objects its arguments hold, and the switch happens before
 *   any caller is hot (arg-coerce's generated-run.ts says why a later
 *   switch is worse). The test suite runs a second time with 1, so that
 *   every test also goes through generated code.
 * - `available`: whether the engine allows code generation, probed once
 *   (undefined until then).
 * - `compiled`: how many functions were generated (tests read it).
 */
export const codegen: {
  allowed: boolean
  call: number
  after: number
  available: boolean | undefined
  compiled: number
} = {
  allowed: true,
  call: 0,
  after: 2,
  available: undefined,
  compiled: 0,
}

/** Shapes with more keys keep the interpreter: a hostile schema never makes the engine compile a huge function. */
export const MAX_GENERATED_KEYS = 64

/**
 * Shapes whose key names and target names, written as string literals,
 * total more than this many characters keep the interpreter: the keys come
 * from model output, and a few keys of a megabyte each would otherwise
 * enter the generated source.
 */
export const MAX_GENERATED_NAME_CHARACTERS = 16_384

/**
 * Whether this engine lets code be compiled at run time. It does not under a
 * Content-Security-Policy without 'unsafe-eval' nor on Cloudflare Workers:
 * there the first attempt throws (caught here, once per process) and every
 * shape keeps the interpreter.
 */
function codegenAvailable(): boolean {
  if (codegen.available === undefined) {
    try {
      // eslint-disable-next-line no-new-func -- the probe for the specialization below
      codegen.available = new Function('return 1')() === 1
    } catch {
      codegen.available = false
    }
  }
  return codegen.available
}

/**
 * Compiles the unmapping of one renaming shape into an object literal: the
 * value's keys are checked against the shape's in one for...in, as the
 * interpreter does, then the output is built in one literal with the
 * original names (V8 creates it from a boilerplate) from values read by
 * name, instead of cloning a template and storing key by key.
 *
 * Safety: the only text taken from the schema and the arguments is the
 * key names, and they enter the code as `JSON.stringify(name)`, a string
 * literal whatever the name holds; plans are passed in as values. A shape
 * with a `__proto__` key or target (a literal would set the prototype),
 * more than MAX_GENERATED_KEYS keys, names longer in total than
 * MAX_GENERATED_NAME_CHARACTERS, or an engine that forbids code generation
 * keeps the interpreter: undefined is returned.
 */
export function generateShape(shape: Shape, mismatch: symbol, unmapValue: UnmapValue): GeneratedUnmap | undefined {
  const { keys, targets, plans } = shape
  if (keys.length === 0 || keys.length > MAX_GENERATED_KEYS) return undefined
  if (keys.includes('__proto__') || targets.includes('__proto__')) return undefined
  let characters = 0
  for (let index = 0; index < keys.length; index++) characters += keys[index]!.length + targets[index]!.length
  // (JSON.stringify can only lengthen a name: the cheap sum is checked first.)
  if (characters > MAX_GENERATED_NAME_CHARACTERS) return undefined
  const literals = keys.map((key) => JSON.stringify(key))
  const targetLiterals = targets.map((target) => JSON.stringify(target))
  characters = 0
  for (let index = 0; index < keys.length; index++)
    characters += literals[index]!.length + targetLiterals[index]!.length
  if (characters > MAX_GENERATED_NAME_CHARACTERS) return undefined
  if (!codegenAvailable()) return undefined
  const fields = keys.map((_key, index) => {
    const read = `v[${literals[index]}]`
    const value =
      plans[index] === undefined
        ? read
        : `(x = ${read}, typeof x === 'object' && x !== null ? unmapValue(x, plans[${index}], context, depth + 1) : x)`
    return `${targetLiterals[index]}: ${value}`
  })
  const body = [
    'return function generatedUnmap(v, context, depth) {',
    'let index = 0, x;',
    'for (const key in v) if (key !== keys[index++]) return MISMATCH;',
    // for...in lists own keys first: the last one being own means all are.
    `if (index !== ${keys.length} || !hasOwn(v, keys[${keys.length - 1}])) return MISMATCH;`,
    `return { ${fields.join(', ')} };`,
    '};',
  ].join('\n')
  try {
    // eslint-disable-next-line no-new-func -- the specialization itself; see the safety note above
    const factory = new Function('keys', 'plans', 'MISMATCH', 'unmapValue', 'hasOwn', body) as (
      ...dependencies: unknown[]
    ) => GeneratedUnmap
    const generated = factory(keys, plans, mismatch, unmapValue, Object.hasOwn)
    codegen.compiled++
    return generated
  } catch {
    // Not expected (names enter as JSON string literals), but a refusal
    // here must cost speed, never the call.
    return undefined
  }
}
