import { JsonTypeBits } from '@x/schema-ref'
import { type Code, Constants, index, join, js, literal, locals } from './emit.js'
import { inheritsElements, ownElements } from './array-copy.js'
import type { ArrayView, ObjectView, Position, Rule } from './types.js'
import { NOT_PARSED, parseStructure } from './parse-scalar.js'
import { PARSES } from './rules.js'

const { ARRAY, BOOLEAN, INTEGER, NUMBER, OBJECT, STRING } = JsonTypeBits

// Only a plain object is read by name (reading runs an accessor it inherits, `size` of a Map-like object, unlike
// for...in). `"" in x` runs no code on an ordinary object and gives V8 its map: the prototype read becomes a map check.
const ifNotPlain = (x: Code, p: Code): Code =>
  js`const ${p} = ("" in ${x}, getPrototypeOf(${x})); if (${p} !== objectPrototype && ${p} !== null)`
// Whether the copy `c` (a spread or parsed JSON: its prototype is Object.prototype) owns `name`, mostly without a call.
const owns = (c: Code, name: Code) => js`${name} in ${c} && (!(${name} in objectPrototype) || has.call(${c}, ${name}))`

// Process-wide, written by no call. `after`: the call with a schema (and options) from which its parts are specialized
// (a schema used once never pays for generation; tests run again with 1). `available`: whether `new Function` works.
export const codegen = { after: 2, available: undefined as boolean | undefined, compiled: 0 }

// Bounds of one generated function: properties (with those inlined), levels inlined, a name's length, the source's.
const MAX_GENERATED_PROPERTIES = 64
const MAX_INLINE_LEVELS = 4
const MAX_GENERATED_NAME_LENGTH = 256
const MAX_GENERATED_SOURCE = 262_144

/** Whether a name can be read by name: not one every object inherits (`__proto__`, `toString`), nor too long. */
export const readableByName = (key: string) => key.length <= MAX_GENERATED_NAME_LENGTH && !(key in Object.prototype)

const { getPrototypeOf, prototype: objectPrototype } = Object
const BUILT_INS = { has: objectPrototype.hasOwnProperty, isArray: Array.isArray, getPrototypeOf, objectPrototype }
const HELPERS = { ...BUILT_INS, inheritsElements, ownElements, NOT_PARSED, parseStructure }

// Level L of nesting has its own variables (`vL` the object or array, `dL` its depth left, `outL` its result, `xL`/`rL`
// an item and what it became, `iL` its index or key, `bL` a union branch, `oL` whether the call owned its value).
class Generator {
  private left = MAX_GENERATED_PROPERTIES
  private readonly open = new Set<object>()
  constructor(private readonly constants: Constants) {}

  // `rL = node.run(xL, dL, w)`, then `store`, for the types the node changes; rules and parts in line where they can.
  value(node: Position, level: number, store: Code): Code {
    const { x, r, d } = locals(level)
    const n = this.constants.add(node)
    const call = js`${r} = ${n}.run(${x}, ${d}, w);`
    const cases: Code[] = []
    if ((node.changes & STRING) !== 0) {
      const rules = node.enums.length === 0 && (node.keeps & STRING) === 0 ? node.rulesReading(STRING) : []
      const applied = rules.map((rule) => this.applied(rule, node, n, level))
      const chain = join(applied, js` if (${r} === NOT_PARSED) `)
      const body = rules.length === 0 ? js`${call} ${store}` : js`${chain} if (${r} !== NOT_PARSED) { ${store} }`
      cases.push(js`if (typeof ${x} === "string") { ${body} }`)
    }
    if ((node.changes & (INTEGER | NUMBER)) !== 0) cases.push(js`if (typeof ${x} === "number") { ${call} ${store} }`)
    if ((node.changes & BOOLEAN) !== 0) cases.push(js`if (typeof ${x} === "boolean") { ${call} ${store} }`)
    if ((node.changes & (OBJECT | ARRAY)) !== 0)
      cases.push(js`if (typeof ${x} === "object" && ${x} !== null) { ${this.structure(node, level, x)} ${store} }`)
    if (cases.length === 0) return js``
    // Absent properties and kept strings, the common cases, pass one test.
    const skip = (node.changes & STRING) === 0 ? js` && typeof ${x} !== "string"` : js``
    return js`if (${x} !== undefined${skip}) { ${join(cases, js` else `)} }`
  }

  // A rule's call; the parsing rule (rules.ts `structure`) in line at level 0 only: each level doubles the code below.
  private applied(rule: Rule, node: Position, n: Code, level: number): Code {
    const { x, r, o, d } = locals(level)
    if (rule.kind !== PARSES || level > 0) return js`${r} = ${this.constants.add(rule.apply)}(${x}, ${n}, ${d}, w);`
    const kinds = node.types & (OBJECT | ARRAY)
    const admitted = kinds === ARRAY ? js` && isArray(${r})` : kinds === OBJECT ? js` && !isArray(${r})` : js``
    const coerce = js`const ${o} = w.owned; w.owned = true; ${this.structure(node, level, r)} w.owned = ${o};`
    return js`{ ${r} = parseStructure(${x}); if (${r} !== NOT_PARSED${admitted}) { ${coerce} } else ${r} = NOT_PARSED; }`
  }

  private structure(node: Position, level: number, input: Code): Code {
    const [array, object] = [ARRAY, OBJECT].map((bits) => this.entered(node, bits, level, input))
    return js`${locals(level).r} = ${input}; if (isArray(${input})) { ${array!} } else { ${object!} }`
  }

  private entered(node: Position, bits: number, level: number, input: Code): Code {
    const { r, d, b } = locals(level)
    const call = js`${r} = ${this.constants.add(node)}.run(${input}, ${d}, w);`
    const branches = bits === OBJECT ? node.branches : undefined
    if (branches !== undefined) {
      const cases = branches.nodes.map(
        (branch, at) => js`if (${b} === ${index(at)}) { ${this.entered(branch, bits, level, input)} }`,
      )
      return js`const ${b} = ${this.constants.add(branches.select)}(${input}); ${join(cases, js` else `)} else ${call}`
    }
    if ((node.keeps & bits) === 0) return call
    const part = bits === OBJECT ? node.object : node.array
    if (part === undefined) return js``
    const inner = locals(level + 1)
    const run = js`${r} = w.enter(${this.constants.add(part)}, ${input}, ${d} - 1);`
    if (level + 1 >= MAX_INLINE_LEVELS || this.open.has(part)) return js`if (${d} > 0) { ${run} }`
    this.open.add(part)
    const code = this.code(part, level + 1)
    this.open.delete(part)
    if (code === undefined) return js`if (${d} > 0) { ${run} }`
    const open = js`const ${inner.v} = ${input}, ${inner.d} = ${d} - 1; ${code} ${r} = ${inner.out}`
    return js`if (${d} > 0) { ${bits === ARRAY ? open : js`${ifNotPlain(input, inner.p)} ${run} else { ${open} }`} }`
  }

  /** The code of a part at `level` (its result in `outL`), when its layout fits what is left of the bounds. */
  code(part: ObjectView | ArrayView, level: number): Code | undefined {
    const layout = part.layout(this.left)
    if (layout === undefined) return undefined
    this.left -= 'properties' in layout ? layout.properties.length : 'prefix' in layout ? layout.prefix.length : 1
    const { v, out, x, r, c, g, i } = locals(level)
    if ('properties' in layout) {
      const statements = layout.properties.map(({ key, node }) => {
        const name = literal(key)
        const store = js`if (${r} !== ${x}) { if (${out} === ${v}) { ${c} = w.owned ? ${v} : { ...${v} }; if (${owns(c, name)}) { ${out} = ${c}; ${out}[${name}] = ${r} } } else if (${owns(out, name)}) ${out}[${name}] = ${r} }`
        return js`${x} = ${v}[${name}]; ${this.value(node, level, store)}`
      })
      return js`let ${out} = ${v}, ${x}, ${r}, ${c};\n${join(statements, js`\n`)}`
    }
    if ('everyKey' in layout) {
      // Every own key of a map (only `additionalProperties` applies), as ObjectPart.interpret walks it.
      const store = js`if (${r} !== ${x}) { ${c} = ${out} === ${v} && !w.owned ? { ...${v} } : ${out}; if (has.call(${c}, ${i})) { ${out} = ${c}; ${out}[${i}] = ${r} } }`
      return js`let ${out} = ${v}, ${x}, ${r}, ${c};
for (const ${i} in ${v}) { if (!has.call(${v}, ${i})) continue; ${x} = ${v}[${i}]; ${this.value(layout.everyKey, level, store)} }`
    }
    const { prefix, rest } = layout
    const store = js`if (${r} !== ${x}) { if (${out} === ${v}) ${g} = !w.owned && inheritsElements(${v}); if (!${g} || has.call(${v}, ${i})) { if (${out} === ${v}) ${out} = w.owned ? ${v} : ${g} ? ownElements(${v}) : ${v}.slice(); ${out}[${i}] = ${r} } }`
    const item = (node: Position | null): Code => (node === null ? js`` : this.value(node, level, store))
    const body = prefix.reduceRight(
      (others: Code, node, at) => js`if (${i} === ${index(at)}) { ${item(node)} } else ${others}`,
      rest === null ? js`break;` : js`{ ${item(rest)} }`,
    )
    return js`let ${out} = ${v}, ${x}, ${r}, ${g} = false;
for (let ${i} = 0; ${i} < ${v}.length; ${i}++) { ${x} = ${v}[${i}]; ${body} }`
  }
}

/**
 * A part's run reading each declared property by name: a field load once V8 knows the layout, at sites of this function
 * alone, so tools called in turn do not overload shared ones. Undefined when the engine forbids it or it is too large.
 */
export function generate<Run>(part: ObjectView | ArrayView, object: boolean): Run | undefined {
  const constants = new Constants()
  const code = new Generator(constants).code(part, 0)
  if (code === undefined) return undefined
  const other = object ? js`${ifNotPlain(js`v0`, js`p0`)} return ${constants.add(part)}.interpret(v0, d0, w);` : js``
  const name = object ? js`coerceObject` : js`coerceArray`
  const body = js`${constants.declarations()}\nreturn function ${name}(v0, d0, w) {\n${other}\n${code}\nreturn out0;\n};`
  // Under a CSP without 'unsafe-eval' (or on Cloudflare Workers) the first attempt throws; no other is made.
  if (codegen.available === false || body.length > MAX_GENERATED_SOURCE) return undefined
  try {
    // eslint-disable-next-line no-new-func -- the specialization: schema strings enter only as literals (emit.ts)
    const run = new Function('k', ...Object.keys(HELPERS), body)(constants.values, ...Object.values(HELPERS)) as Run
    codegen.available = true
    codegen.compiled++
    return run
  } catch {
    codegen.available = false
    return undefined
  }
}
