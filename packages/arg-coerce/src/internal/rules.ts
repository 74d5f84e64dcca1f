import { JsonTypeBits, typeBitsOfValue } from '@x/schema-ref'
import { LOOSE_BOOLEANS, PARSE_UNTYPED_JSON, STRINGIFY_STRUCTURES } from './options.js'
import { NOT_PARSED, isNullWord, parseBoolean, parseBooleanWord, parseInteger, parseNumber } from './parse-scalar.js'
import { parseStructure } from './parse-scalar.js'
import type { Shape } from './shape.js'
import type { Position, Rule } from './types.js'
import type { Walk } from './walk.js'

const { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING } = JsonTypeBits

/** `Rule.kind` bits that Node.coerce may skip: parsing JSON text (a union did it first), loose (a union's last try). */
export const [PARSES, LOOSE] = [1, 2] as const

// Each rule is written once, in the table below: Node.coerce and generate.ts run a position's rules in table order.
interface Row extends Rule {
  readonly option?: number // the option bit that turns the rule on; without one it is always on
  applies(shape: Shape): boolean
}

const admits = (bits: number) => (shape: Shape) => (shape.types & bits) !== 0
const only = (bits: number) => (shape: Shape) => (shape.types & ~NULL) === bits
const untyped = (shape: Shape) => shape.types === ANY && shape.enums.length === 0
const blank = (text: string) => (text.trim() === '' ? {} : NOT_PARSED)

/** The object or array JSON text holds, run at `node` (coerced in place: the call owns it), else NOT_PARSED. */
export const structure = (text: string, node: Position, depth: number, walk: Walk): unknown => {
  const parsed = parseStructure(text)
  if (parsed === NOT_PARSED || (typeBitsOfValue(parsed) & node.types) === 0) return NOT_PARSED
  return walk.owning(true, () => node.run(parsed, depth, walk))
}

const wrap = (value: unknown, node: Position, depth: number, walk: Walk): unknown => {
  const item = depth > 0 ? node.array?.nodeAt(0) : undefined
  return depth <= 0 ? NOT_PARSED : [item == null ? value : item.run(value, depth - 1, walk)]
}

const MAX_STRINGIFIED_VALUES = 10_000 // values counted (as a tree) before an object is stringified; past it, it stays

function stringify(value: object): unknown {
  const stack: unknown[] = [value]
  for (let count = 0; stack.length > 0; count++) {
    if (count >= MAX_STRINGIFIED_VALUES) return NOT_PARSED
    const item = stack.pop()
    if (typeof item === 'object' && item !== null) for (const key of Object.keys(item)) stack.push((item as never)[key])
  }
  try {
    const text: unknown = JSON.stringify(value)
    return typeof text === 'string' ? text : NOT_PARSED
  } catch {
    return NOT_PARSED // a cycle, a BigInt, a throwing toJSON
  }
}

/** The rules, in order of precedence (the README's numbered rules, then the opt-in ones). */
const RULES: readonly Row[] = [
  // 2. integer / number from a JSON number string (for integer, an integral one)
  { from: STRING, applies: ({ types }) => (types & (INTEGER | NUMBER)) === INTEGER, apply: parseInteger },
  { from: STRING, applies: admits(NUMBER), apply: parseNumber },
  // 3. boolean from "true" / "false"; with looseBooleans also "yes"/"no"/"1"/"0"
  { from: STRING, applies: admits(BOOLEAN), apply: parseBoolean },
  { from: STRING, kind: LOOSE, option: LOOSE_BOOLEANS, applies: admits(BOOLEAN), apply: parseBooleanWord },
  // 4. null from "null"
  { from: STRING, applies: admits(NULL), apply: (text: string) => (isNullWord(text) ? null : NOT_PARSED) },
  // 5. a blank string is {} for an object without required properties; JSON text the structure it holds
  { from: STRING, applies: ({ types, required }) => (types & OBJECT) !== 0 && required.size === 0, apply: blank },
  { from: STRING, kind: PARSES, applies: admits(OBJECT | ARRAY), apply: structure },
  // parseUntypedJson: JSON text where the schema says nothing of the type
  { from: STRING, kind: PARSES, readsAdmitted: true, option: PARSE_UNTYPED_JSON, applies: untyped, apply: structure },
  // 7. a number or boolean where only a string is admitted; with stringifyStructures an object or array too
  { from: INTEGER | NUMBER | BOOLEAN, applies: only(STRING), apply: String },
  { from: OBJECT | ARRAY, option: STRINGIFY_STRUCTURES, applies: only(STRING), apply: stringify },
  // 6. a lone value where only an array is admitted: [value], its item coerced
  { from: ANY & ~NULL, applies: only(ARRAY), apply: wrap },
]

/** The rules on under `flags` that apply at a position, in order; only `readsAdmitted` ones read values it admits. */
export function rulesFor(shape: Shape, flags: number): Rule[] {
  const on = (rule: Row) => rule.option === undefined || (flags & rule.option) !== 0
  const hasInput = (rule: Row) => rule.readsAdmitted === true || (rule.from & ~shape.types) !== 0
  return RULES.filter((rule) => on(rule) && rule.applies(shape) && hasInput(rule))
}
