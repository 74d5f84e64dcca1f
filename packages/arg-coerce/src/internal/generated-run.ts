import type { Plan } from './plan.js'
import { Kind, visit } from './plan.js'
import { NOT_PARSED, parseBoolean, parseNumber } from './parse-scalar.js'
import { NULL } from './type-bits.js'
import { inheritsElements, ownElements } from './array-copy.js'

/** The run function of an object part, specialized to its declared properties. */
export type GeneratedRun = (value: Record<string, unknown>, depth: number) => Record<string, unknown>

/**
 * At most this many properties go into one generated function, counting
 * those of the objects it coerces in place: a part with more keeps the
 * interpreter (a hostile schema with thousands of properties never makes the
 * engine compile a huge function), an object below that would not fit is
 * called instead.
 */
export const MAX_GENERATED_PROPERTIES = 64

/**
 * The specialization switches, one object for the whole package.
 * - `allowed`: whether the call in progress may specialize; false while a
 *   call made with `{ codegen: false }` runs (coerceToolArgs sets and
 *   restores it; everything here is synchronous).
 * - `call`: how many calls have used the schema of the call in progress,
 *   this one included (coerceToolArgs sets it from the schema's context).
 *   A call made from inside another (a getter on the arguments) leaves its
 *   own count behind; that can only move a specialization by a call, never
 *   change an output.
 * - `after`: from which call with a schema object its object parts are
 *   specialized (the earlier calls go through the interpreter). 2: a schema
 *   used once (a server just connected, the cold benchmark) never pays for
 *   code generation, however many objects its arguments hold, and the
 *   switch happens before any caller is hot. Counting each part's own runs
 *   to 16 instead, a caller optimized by V8 while the part was still
 *   interpreted could stay on the slow path after the switch; switching on
 *   the second call happens before V8 optimizes any caller. The test suite runs a second time with 1, so that every
 *   test also goes through generated code.
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

/**
 * Whether this engine lets code be compiled at run time. It does not under a
 * Content-Security-Policy without 'unsafe-eval' nor on Cloudflare Workers:
 * there the first attempt throws (caught here, once per process) and every
 * object part keeps the interpreter.
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
 * A property one specialized run reads by name: its key, its plan, and for
 * an object below it (Kind.Object, or Kind.Array whose items are objects)
 * that object's own properties, emitted inline (else the part below is
 * called through its `run`).
 */
export interface GeneratedProperty {
  readonly key: string
  readonly plan: Plan
  /** Kind.Array without a tuple prefix whose items are objects: their plan. */
  readonly items?: Plan | undefined
  /** The properties of the object below (or of each item), coerced by code emitted in place. */
  readonly inline?: readonly GeneratedProperty[] | undefined
}

/**
 * Longest declared name that enters generated code. Each name is written
 * several times into the source, so without a cap a schema of a few huge
 * names would have the engine compile a function of hundreds of megabytes;
 * a part with a longer name keeps the interpreter.
 */
export const MAX_GENERATED_NAME_LENGTH = 256

/**
 * Largest generated source compiled, in UTF-16 units: a backstop behind the
 * property and name caps (64 names of 256 units stay well below it).
 */
export const MAX_GENERATED_SOURCE = 262_144

/**
 * Whether a declared name can be read by name: not one that every object
 * inherits (`__proto__`, `constructor`, `toString`, ...), nor one longer
 * than MAX_GENERATED_NAME_LENGTH.
 */
export function readableByName(key: string): boolean {
  return key.length <= MAX_GENERATED_NAME_LENGTH && !(key in Object.prototype)
}

/** The values the generated code refers to, by index: what `new Function` gets instead of text. */
class Constants {
  readonly values: unknown[] = []
  add(value: unknown): number {
    this.values.push(value)
    return this.values.length - 1
  }
}

/**
 * The statements that coerce the object held in `v{L}` into `out{L}` (which
 * starts as `v{L}`), with `d{L}` levels of data still allowed below it.
 * Level L has its own temporaries, so an object below, emitted in place at
 * level L + 1, never clobbers them.
 *
 * Per property: `x{L}` is the value read by name; the comparisons are those of
 * `ObjectPart`'s interpreter loop for the same kind, so both give the same
 * output. A key the value does not have reads as `undefined`: it is passed to
 * the plan only when the value really has it as an own enumerable property
 * (the interpreter's for...in sees exactly those). A write happens only where
 * the copy made by spreading owns the key, which is exactly the value's own
 * enumerable keys, so an inherited value (a polluted prototype) or a
 * non-enumerable one is read but never lands in the output; asking the copy
 * avoids propertyIsEnumerable, a slow call, on every write.
 */
function objectCode(properties: readonly GeneratedProperty[], level: number, constants: Constants): string {
  const v = `v${level}`
  const out = `out${level}`
  const x = `x${level}`
  const r = `r${level}`
  const c = `c${level}`
  const d = `d${level}`
  const statements = [`let ${out} = ${v}, ${x}, ${r}, ${c};`]
  for (const property of properties) {
    const literal = JSON.stringify(property.key)
    const plan = `k${constants.add(property.plan)}`
    const present = `(${x} !== undefined || (has.call(${v}, ${literal}) && enumerable.call(${v}, ${literal})))`
    const write =
      `if (${r} !== ${x}) {` +
      ` if (${out} === ${v}) { ${c} = { ...${v} }; if (has.call(${c}, ${literal})) { ${out} = ${c}; ${out}[${literal}] = ${r} } }` +
      ` else if (has.call(${out}, ${literal})) ${out}[${literal}] = ${r} }`
    const nullAdmitted = (property.plan.types & NULL) !== 0
    const read = `${x} = ${v}[${literal}];`
    const call = `${r} = ${plan}.run(${x}, ${d}); ${write}`
    // The object below, at level + 1 with `depth` levels left: in place, or through its run.
    const below = (value: string, depth: string, part: 'objectPart' | 'items', result: string): string => {
      const objectPart = part === 'items' ? property.items!.objectPart : property.plan.objectPart
      if (property.inline !== undefined) {
        const inner = level + 1
        // Only a plain object is read by name (see generateRun); any other goes through the part's run.
        return (
          `{ const v${inner} = ${value}, d${inner} = ${depth}, p${inner} = getPrototypeOf(v${inner});` +
          ` if (p${inner} !== objectPrototype && p${inner} !== null) ${result} = k${constants.add(objectPart)}.run(v${inner}, d${inner});` +
          ` else { ${objectCode(property.inline, inner, constants)} ${result} = out${inner} } }`
        )
      }
      return `${result} = k${constants.add(objectPart)}.run(${value}, ${depth});`
    }
    switch (property.plan.kind) {
      case Kind.Integer:
      case Kind.Number:
        statements.push(
          `${read} if (typeof ${x} === 'string') { ${r} = parseNumber(${x}, ${property.plan.kind === Kind.Integer}); if (${r} !== NOT_PARSED) { ${write} } }`,
        )
        break
      case Kind.Boolean:
        statements.push(
          `${read} if (typeof ${x} === 'string') { ${r} = parseBoolean(${x}); if (${r} !== NOT_PARSED) { ${write} } }`,
        )
        break
      case Kind.SkipString:
        statements.push(`${read} if (typeof ${x} !== 'string' && ${present}) { ${call} }`)
        break
      case Kind.SkipNumber:
        statements.push(
          `${read} if (typeof ${x} !== 'number'${nullAdmitted ? ` && ${x} !== null` : ''} && ${present}) { ${call} }`,
        )
        break
      case Kind.SkipBoolean:
        statements.push(`${read} if (typeof ${x} !== 'boolean' && ${present}) { ${call} }`)
        break
      case Kind.SkipObject:
        statements.push(`${read} if (typeof ${x} !== 'object' && ${present}) { ${call} }`)
        break
      case Kind.Object:
        statements.push(
          `${read} if (typeof ${x} === 'object' && ${x} !== null && !isArray(${x}) && ${d} > 0) { ${below(x, `${d} - 1`, 'objectPart', r)} ${write} }` +
            ` else if (${nullAdmitted ? `${x} !== null && ` : ''}${present}) { ${call} }`,
        )
        break
      case Kind.Array:
        if (property.items !== undefined && property.inline !== undefined) {
          // ArrayPart.runRest for items of Kind.Object, in place: the array
          // is entered at d - 1, each object at d - 2.
          const items = `k${constants.add(property.items)}`
          statements.push(
            `${read} if (isArray(${x}) && ${d} > 0) { ${r} = ${x};` +
              ` let g${level} = false; for (let i${level} = 0; i${level} < ${x}.length; i${level}++) { const e${level} = ${x}[i${level}]; let n${level};` +
              ` if (typeof e${level} === 'object' && e${level} !== null && !isArray(e${level}) && ${d} > 1) { ${below(`e${level}`, `${d} - 2`, 'items', `n${level}`)} }` +
              ` else n${level} = ${items}.run(e${level}, ${d} - 1);` +
              ` if (n${level} !== e${level}) { if (${r} === ${x}) g${level} = inheritsElements(${x});` +
              ` if (!g${level} || has.call(${x}, i${level})) { if (${r} === ${x}) ${r} = g${level} ? ownElements(${x}) : ${x}.slice(); ${r}[i${level}] = n${level} } } } ${write} }` +
              ` else if (${present}) { ${call} }`,
          )
        } else {
          statements.push(
            `${read} if (isArray(${x}) && ${d} > 0) { ${r} = ${plan}.arrayPart.run(${x}, ${d} - 1); ${write} } else if (${present}) { ${call} }`,
          )
        }
        break
      default:
        statements.push(`${read} if (${present}) { ${r} = visit(${plan}, ${x}, ${d}); ${write} }`)
    }
  }
  return statements.join('\n')
}

/**
 * Compiles a run function that reads each declared property by name, the
 * way ajv's generated validators do, instead of walking the value's keys
 * with for...in: a named read is a direct field load once V8 has seen the
 * object's shape, where for...in pays for enumerating every key. Objects below
 * are coerced in place when `inline` says so, so that one function, which the
 * engine optimizes as a whole, covers a typical tool's arguments.
 *
 * Safety: the only text taken from the schema is each property name, and it
 * enters the code as `JSON.stringify(name)`, a string literal whatever the
 * name holds (quotes, backslashes, line separators, lone surrogates); plans
 * and everything else are passed in as values (the array `k`). Returns
 * undefined, and the caller keeps its interpreter, when the engine forbids
 * code generation.
 */
export function generateRun(properties: readonly GeneratedProperty[]): GeneratedRun | undefined {
  if (!codegenAvailable()) return undefined
  const constants = new Constants()
  const code = objectCode(properties, 0, constants)
  const hoisted = constants.values.map((_, index) => `k${index} = k[${index}]`)
  const body = `${hoisted.length === 0 ? '' : `const ${hoisted.join(', ')};`}\nreturn function generatedRun(v0, d0) {\n${code}\nreturn out0;\n};`
  if (body.length > MAX_GENERATED_SOURCE) return undefined
  let factory: (...dependencies: unknown[]) => GeneratedRun
  try {
    // eslint-disable-next-line no-new-func -- the specialization itself; see the safety note above
    factory = new Function(
      'k',
      'has',
      'enumerable',
      'isArray',
      'getPrototypeOf',
      'objectPrototype',
      'inheritsElements',
      'ownElements',
      'parseNumber',
      'parseBoolean',
      'NOT_PARSED',
      'visit',
      body,
    ) as typeof factory
  } catch {
    // Not expected (names enter as JSON string literals), but a refusal
    // here must cost speed, never the call.
    return undefined
  }
  codegen.compiled++
  return factory(
    constants.values,
    Object.prototype.hasOwnProperty,
    Object.prototype.propertyIsEnumerable,
    Array.isArray,
    Object.getPrototypeOf,
    Object.prototype,
    inheritsElements,
    ownElements,
    parseNumber,
    parseBoolean,
    NOT_PARSED,
    visit,
  )
}
