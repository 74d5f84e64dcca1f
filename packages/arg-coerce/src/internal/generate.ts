import { JsonTypeBits } from '@x/schema-ref'
import { type Code, Constants, join, js, literal, locals } from './emit.js'
import { inheritsElements, ownElements } from './array-copy.js'
import type { ArrayView, DeclaredProperties, ObjectView, Position } from './types.js'
import { NOT_PARSED } from './parse-scalar.js'

const { ARRAY, BOOLEAN, INTEGER, NUMBER, OBJECT, STRING } = JsonTypeBits

// Only a plain object is read by name (reading runs an accessor it inherits, `size` of a Map-like object, unlike
// for...in). `"" in x` runs no code on an ordinary object and gives V8 its map: the prototype read becomes a map check.
const ifNotPlain = (x: Code, p: Code): Code =>
  js`const ${p} = ("" in ${x}, getPrototypeOf(${x})); if (${p} !== objectPrototype && ${p} !== null)`
// Whether the copy `c` (a spread or parsed JSON: its prototype is Object.prototype) owns `name`, mostly without a call.
const owns = (c: Code, name: Code): Code =>
  js`${name} in ${c} && (!(${name} in objectPrototype) || has.call(${c}, ${name}))`

/**
 * Process-wide, written by no call. `after`: the call with a schema (and options) from which its parts are specialized:
 * a schema used once (a server just connected) never pays for code generation, and the switch comes before V8 optimizes
 * any caller; the suite runs again with 1. `available`: whether the engine allows `new Function`. `compiled`: a count.
 */
export const codegen = { after: 2, available: undefined as boolean | undefined, compiled: 0 }

// Bounds of one generated function: properties (with those of the objects coerced in place), levels inlined, length of
// a name (each is written several times), and of the whole source (a backstop).
const MAX_GENERATED_PROPERTIES = 64
const MAX_INLINE_LEVELS = 4
const MAX_GENERATED_NAME_LENGTH = 256
const MAX_GENERATED_SOURCE = 262_144

/** Whether a name can be read by name: not one every object inherits (`__proto__`, `toString`), nor too long. */
export const readableByName = (key: string): boolean =>
  key.length <= MAX_GENERATED_NAME_LENGTH && !(key in Object.prototype)

const HELPERS = {
  has: Object.prototype.hasOwnProperty,
  isArray: Array.isArray,
  getPrototypeOf: Object.getPrototypeOf,
  objectPrototype: Object.prototype,
  inheritsElements,
  ownElements,
  NOT_PARSED,
}

// Under a CSP without 'unsafe-eval', or on Cloudflare Workers, the first attempt throws; no other is made.
function compile<T>(name: Code, code: Code, constants: Constants): T | undefined {
  const body = js`${constants.declarations()}\nreturn function ${name}(v0, d0, w) {\n${code}\nreturn out0;\n};`
  if (codegen.available === false || body.length > MAX_GENERATED_SOURCE) return undefined
  try {
    // eslint-disable-next-line no-new-func -- the specialization itself: schema strings enter only as literals (emit.ts)
    const run = new Function('k', ...Object.keys(HELPERS), body)(constants.values, ...Object.values(HELPERS)) as T
    codegen.available = true
    codegen.compiled++
    return run
  } catch {
    codegen.available = false
    return undefined
  }
}

// Level L of nesting has its own variables (`vL` the object or array, `dL` its depth left, `outL` its result, `xL`/`rL`
// an item and what it became).
class Generator {
  readonly constants = new Constants()
  private left = MAX_GENERATED_PROPERTIES
  private readonly open = new Set<object>()

  // `rL = node.run(xL, dL, w)`, then `store`, for the classes of values the node changes only: a string at a plain
  // position runs the node's rules in order, an object or array its part, in place when it fits.
  value(node: Position, level: number, store: Code): Code {
    const { x, r, d } = locals(level)
    const n = this.constants.add(node)
    const call = js`${r} = ${n}.run(${x}, ${d}, w);`
    const cases: Code[] = []
    if ((node.changes & STRING) !== 0) {
      const rules =
        node.plain && node.enums.length === 0 && (node.keeps & STRING) === 0 ? node.rulesReading(STRING) : []
      const chain = join(
        rules.map((rule) => js`${r} = ${this.constants.add(rule.apply)}(${x}, ${n}, ${d}, w);`),
        js` if (${r} === NOT_PARSED) `,
      )
      const body = rules.length === 0 ? js`${call} ${store}` : js`${chain} if (${r} !== NOT_PARSED) { ${store} }`
      cases.push(js`if (typeof ${x} === "string") { ${body} }`)
    }
    if ((node.changes & (INTEGER | NUMBER)) !== 0) cases.push(js`if (typeof ${x} === "number") { ${call} ${store} }`)
    if ((node.changes & BOOLEAN) !== 0) cases.push(js`if (typeof ${x} === "boolean") { ${call} ${store} }`)
    if ((node.changes & (OBJECT | ARRAY)) !== 0) {
      const structure = (bits: number, part: Code): Code =>
        !node.plain || (node.keeps & bits) === 0 ? call : js`if (${d} > 0) { ${part} }`
      const array = node.array === undefined ? js`` : this.inline(node.array, level, node.array.itemNode())
      const object =
        node.object === undefined ? js`` : this.inline(node.object, level, undefined, node.object.declaredProperties())
      cases.push(
        js`if (typeof ${x} === "object" && ${x} !== null) { ${r} = ${x}; if (isArray(${x})) { ${structure(ARRAY, array)} } else { ${structure(OBJECT, object)} } ${store} }`,
      )
    }
    if (cases.length === 0) return js``
    // Absent properties and kept strings, the common cases, pass one test.
    const skip = (node.changes & STRING) === 0 ? js` && typeof ${x} !== "string"` : js``
    return js`if (${x} !== undefined${skip}) { ${join(cases, js` else `)} }`
  }

  private inline(part: object, level: number, item?: Position | null, properties?: DeclaredProperties): Code {
    const { x, r, d } = locals(level)
    const inner = locals(level + 1)
    const fits =
      level + 1 < MAX_INLINE_LEVELS &&
      !this.open.has(part) &&
      (item != null || (properties !== undefined && properties.length <= this.left))
    const call = js`${r} = ${this.constants.add(part)}.run(${x}, ${d} - 1, w);`
    if (!fits) return call
    this.open.add(part)
    const code = item != null ? this.arrayCode(item, level + 1) : this.objectCode(properties!, level + 1)
    this.open.delete(part)
    const open = js`const ${inner.v} = ${x}, ${inner.d} = ${d} - 1; ${code} ${r} = ${inner.out}`
    return item != null ? open : js`${ifNotPlain(x, inner.p)} ${call} else { ${open} }`
  }

  objectCode(properties: DeclaredProperties, level: number): Code {
    this.left -= properties.length
    const { v, out, x, r, c } = locals(level)
    const statements = properties.map(({ key, node }) => {
      const name = literal(key)
      const store = js`if (${r} !== ${x}) { if (${out} === ${v}) { ${c} = w.owned ? ${v} : { ...${v} }; if (${owns(c, name)}) { ${out} = ${c}; ${out}[${name}] = ${r} } } else if (${owns(out, name)}) ${out}[${name}] = ${r} }`
      return js`${x} = ${v}[${name}]; ${this.value(node, level, store)}`
    })
    return js`let ${out} = ${v}, ${x}, ${r}, ${c};\n${join(statements, js`\n`)}`
  }

  arrayCode(item: Position, level: number): Code {
    const { v, out, x, r, g, i } = locals(level)
    const store = js`if (${r} !== ${x}) { if (${out} === ${v}) ${g} = !w.owned && inheritsElements(${v}); if (!${g} || has.call(${v}, ${i})) { if (${out} === ${v}) ${out} = w.owned ? ${v} : ${g} ? ownElements(${v}) : ${v}.slice(); ${out}[${i}] = ${r} } }`
    return js`let ${out} = ${v}, ${x}, ${r}, ${g} = false;
for (let ${i} = 0; ${i} < ${v}.length; ${i}++) { ${x} = ${v}[${i}]; ${this.value(item, level, store)} }`
  }
}

/**
 * A run that reads each declared property by name, not with for...in: a named read is a field load once V8 knows the
 * layout, and each function has its own property sites, so tools called in turn do not overload shared ones. A changed
 * value goes into a spread copy, which owns exactly the value's own enumerable keys as in the interpreter (or in place,
 * into a value the call parsed from JSON text). Undefined when the engine forbids it or the part is too large.
 */
export function generateObject(part: ObjectView): ObjectView['run'] | undefined {
  const properties = part.declaredProperties()
  if (properties === undefined || properties.length > MAX_GENERATED_PROPERTIES) return undefined
  const generator = new Generator()
  const other = js`${ifNotPlain(js`v0`, js`p0`)} return ${generator.constants.add(part)}.interpret(v0, d0, w);`
  return compile(js`coerceObject`, js`${other}\n${generator.objectCode(properties, 0)}`, generator.constants)
}

/** The loop of an array without a tuple prefix, specialized to its item node (undefined: there is none). */
export function generateArray(item: Position | null | undefined): ArrayView['run'] | undefined {
  if (item == null) return undefined
  const generator = new Generator()
  return compile(js`coerceArray`, generator.arrayCode(item, 0), generator.constants)
}
