import { JsonTypeBits } from '@x/schema-ref'
import type { Code } from './emit.js'
import { Constants, join, js, literal, locals } from './emit.js'
import { inheritsElements, ownElements } from './array-copy.js'
import type { DeclaredProperties, Position } from './types.js'
import { NOT_PARSED } from './parse-scalar.js'
import type { Walk } from './walk.js'

const { ARRAY, BOOLEAN, INTEGER, NUMBER, OBJECT, STRING } = JsonTypeBits

/** The run of an object part, specialized to its declared properties. */
export type GeneratedRun = (value: Record<string, unknown>, depth: number, walk: Walk) => Record<string, unknown>
/** The run of an array part, specialized to its item node. */
export type GeneratedArrayRun = (value: unknown[], depth: number, walk: Walk) => unknown[]

/** What the generator needs of an object or array part. */
interface GeneratedPart {
  run(value: never, depth: number, walk: Walk): unknown
  declaredProperties(): DeclaredProperties | undefined
}

/**
 * Process-wide settings and counters of code generation (no call writes them):
 * - `after`: from which call with a schema object (and options) its object
 *   parts are specialized; the earlier calls go through the interpreter. 2:
 *   a schema used once (a server just connected, the cold benchmark) never
 *   pays for code generation, and the switch happens before V8 optimizes
 *   any caller. The test suite runs a second time with 1, so that every
 *   test also goes through generated code.
 * - `available`: whether the engine allows code generation (undefined until the first attempt).
 * - `compiled`: how many functions were generated (tests read it).
 */
export const codegen: { after: number; available: boolean | undefined; compiled: number } = {
  after: 2,
  available: undefined,
  compiled: 0,
}

/**
 * At most this many properties in one generated function, counting those of
 * the objects it coerces in place: a part with more keeps the interpreter,
 * an object below that would not fit is called instead.
 */
export const MAX_GENERATED_PROPERTIES = 64
/** How many levels of objects and arrays below a part its generated code coerces in place. */
const MAX_INLINE_LEVELS = 4
/** Longest declared name that enters generated code (each is written several times into the source). */
export const MAX_GENERATED_NAME_LENGTH = 256
/** Largest generated source compiled, in UTF-16 units: a backstop behind the two caps above. */
export const MAX_GENERATED_SOURCE = 262_144

/** Whether a declared name can be read by name: not one every object inherits (`__proto__`, `toString`, ...), nor too long. */
export function readableByName(key: string): boolean {
  return key.length <= MAX_GENERATED_NAME_LENGTH && !(key in Object.prototype)
}

const HELPERS = {
  has: Object.prototype.hasOwnProperty,
  isArray: Array.isArray,
  getPrototypeOf: Object.getPrototypeOf,
  objectPrototype: Object.prototype,
  inheritsElements,
  ownElements,
  NOT_PARSED,
}

// Under a Content-Security-Policy without 'unsafe-eval', or on Cloudflare
// Workers, the first attempt throws: caught, and no other is made.
function compile<T>(code: Code, constants: Constants): T | undefined {
  const body = js`${constants.declarations()}\nreturn ${code};`
  if (codegen.available === false || body.length > MAX_GENERATED_SOURCE) return undefined
  try {
    // eslint-disable-next-line no-new-func -- the specialization itself: schema strings enter only as literals (emit.ts)
    const factory = new Function('k', ...Object.keys(HELPERS), body)
    const run = factory(constants.values, ...Object.values(HELPERS)) as T
    codegen.available = true
    codegen.compiled++
    return run
  } catch {
    codegen.available = false
    return undefined
  }
}

/**
 * Emits the code of the specialized runs. Level L of nesting has its own
 * variables (`vL` the object or array, `dL` its depth left, `outL` its
 * result, `xL`/`rL` the item and what it became), so the code of an object
 * below, emitted in place at level L + 1, never clobbers them.
 */
class Generator {
  readonly constants = new Constants()
  private left = MAX_GENERATED_PROPERTIES
  private readonly open = new Set<GeneratedPart>()

  /**
   * Code that sets `rL` to what `node.run(xL, dL, w)` returns, derived from
   * the node itself: values of a class the node never changes
   * (`Node.changes`) are not passed to it; for a string at a plain position
   * the node's own rules are called in order (`Node.coerce` without its
   * loop); an object or array goes to its part, in place when it fits.
   */
  value(node: Position, level: number, store: Code): Code {
    const { x, r, d } = locals(level)
    const n = this.constants.add(node)
    const call = js`${r} = ${n}.run(${x}, ${d}, w);`
    const cases: Code[] = []
    if ((node.changes & STRING) !== 0) {
      const rules =
        node.plain && node.enums.length === 0 && (node.keeps & STRING) === 0 ? node.rulesReading(STRING) : []
      const chain = rules.map(
        (rule, index) =>
          js`${index === 0 ? js`` : js`if (${r} === NOT_PARSED) `}${r} = ${this.constants.add(rule.apply)}(${x}, ${n}, ${d}, w);`,
      )
      const body =
        chain.length === 0 ? js`${call} ${store}` : js`${join(chain, js` `)} if (${r} !== NOT_PARSED) { ${store} }`
      cases.push(js`if (typeof ${x} === "string") { ${body} }`)
    }
    if ((node.changes & (INTEGER | NUMBER)) !== 0) cases.push(js`if (typeof ${x} === "number") { ${call} ${store} }`)
    if ((node.changes & BOOLEAN) !== 0) cases.push(js`if (typeof ${x} === "boolean") { ${call} ${store} }`)
    if ((node.changes & (OBJECT | ARRAY)) !== 0) {
      const structure = (bits: number, part: Code): Code =>
        !node.plain || (node.keeps & bits) === 0 ? call : js`if (${d} > 0) { ${part} }`
      const array = node.array === undefined ? js`` : this.inline(node.array, node.array.itemNode(), level, true)
      const object = node.object === undefined ? js`` : this.inline(node.object, undefined, level, false)
      cases.push(
        js`if (typeof ${x} === "object" && ${x} !== null) { ${r} = ${x}; if (isArray(${x})) { ${structure(ARRAY, array)} } else { ${structure(OBJECT, object)} } ${store} }`,
      )
    }
    return join(cases, js` else `)
  }

  // `rL` from the object or array in `xL` (at depth dL > 0): in place when it fits, else through the part's run.
  private inline(part: GeneratedPart, item: Position | null | undefined, level: number, array: boolean): Code {
    const { x, r, d } = locals(level)
    const inner = locals(level + 1)
    const properties = array ? undefined : part.declaredProperties()
    const fits =
      level + 1 < MAX_INLINE_LEVELS &&
      !this.open.has(part) &&
      (array ? item != null : properties !== undefined && properties.length <= this.left)
    const call = js`${r} = ${this.constants.add(part)}.run(${x}, ${d} - 1, w);`
    if (!fits) return call
    this.open.add(part)
    const code = array ? this.arrayCode(item!, level + 1) : this.objectCode(properties!, level + 1)
    this.open.delete(part)
    const { v, p } = inner
    const open = js`const ${v} = ${x}, ${inner.d} = ${d} - 1; ${code} ${r} = ${inner.out}`
    if (array) return open
    // Only a plain object is read by name (see ObjectPart.fresh); any other goes through the part's run.
    return js`const ${p} = getPrototypeOf(${x}); if (${p} !== objectPrototype && ${p} !== null) ${call} else { ${open} }`
  }

  /** Statements that coerce the object in `vL` into `outL`, reading each declared property by name. */
  objectCode(properties: DeclaredProperties, level: number): Code {
    this.left -= properties.length
    const { v, out, x, r, c } = locals(level)
    const statements = properties.map(({ key, node }) => {
      const name = literal(key)
      const store = js`if (${r} !== ${x}) { if (${out} === ${v}) { ${c} = { ...${v} }; if (has.call(${c}, ${name})) { ${out} = ${c}; ${out}[${name}] = ${r} } } else if (has.call(${out}, ${name})) ${out}[${name}] = ${r} }`
      return js`${x} = ${v}[${name}]; ${this.value(node, level, store)}`
    })
    return js`let ${out} = ${v}, ${x}, ${r}, ${c};\n${join(statements, js`\n`)}`
  }

  /** Statements that coerce the array in `vL` into `outL`, each item by `item`. */
  arrayCode(item: Position, level: number): Code {
    const { v, out, x, r, g, i } = locals(level)
    const store = js`if (${r} !== ${x}) { if (${out} === ${v}) ${g} = inheritsElements(${v}); if (!${g} || has.call(${v}, ${i})) { if (${out} === ${v}) ${out} = ${g} ? ownElements(${v}) : ${v}.slice(); ${out}[${i}] = ${r} } }`
    return js`let ${out} = ${v}, ${x}, ${r}, ${g} = false;
for (let ${i} = 0; ${i} < ${v}.length; ${i}++) { ${x} = ${v}[${i}]; ${this.value(item, level, store)} }`
  }
}

/**
 * A run that reads each declared property by name, as ajv's generated
 * validators do, instead of walking the value's keys with for...in: once V8
 * has seen the object's layout a named read is a field load, and each
 * generated function has its own property sites, so several tools called in
 * turn do not share (and overload) them. The objects and arrays below are
 * coerced in place, up to MAX_GENERATED_PROPERTIES properties and
 * MAX_INLINE_LEVELS levels; past that, and for a part that is its own
 * ancestor (a recursive model), through their part's run. A changed value is
 * written into a copy made by spreading, which owns exactly the value's own
 * enumerable keys: an inherited or non-enumerable value is read but never
 * lands in the output, as with the interpreter. Undefined when the engine
 * forbids code generation or the part is too large (it keeps the interpreter).
 */
export function generateObject(part: GeneratedPart): GeneratedRun | undefined {
  const properties = part.declaredProperties()
  if (properties === undefined || properties.length > MAX_GENERATED_PROPERTIES) return undefined
  const generator = new Generator()
  const code = generator.objectCode(properties, 0)
  return compile(js`function coerceObject(v0, d0, w) {\n${code}\nreturn out0;\n}`, generator.constants)
}

/** The loop of an array without a tuple prefix, specialized to its item node (objects in it coerced in place). */
export function generateArray(item: Position): GeneratedArrayRun | undefined {
  const generator = new Generator()
  const code = generator.arrayCode(item, 0)
  return compile(js`function coerceArray(v0, d0, w) {\n${code}\nreturn out0;\n}`, generator.constants)
}
