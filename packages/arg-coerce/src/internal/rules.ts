import { LOOSE_BOOLEANS, PARSE_UNTYPED_JSON, STRINGIFY_STRUCTURES } from './options.js'
import type { Node } from './node.js'
import type { Shape } from './shape.js'
import {
  NOT_PARSED,
  isBlank,
  isNullWord,
  parseBoolean,
  parseBooleanWord,
  parseNumber,
  parseStructure,
} from './parse-scalar.js'
import { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING, bitsOfValue, onlyAdmits } from './type-bits.js'
import type { Walk } from './walk.js'

/**
 * One coercion rule: which values it reads (`from`, type bits), where it
 * applies (the position's admitted types, its shape, the call's option
 * flags), and what it makes of a value (NOT_PARSED: nothing). The table
 * below is the only place the rules are written: a compiled position keeps
 * the rules that apply to it, in table order, and the interpreter and the
 * generated code both run them through `Node.coerce`.
 */
export interface Rule {
  readonly from: number
  /** It reads values the position admits as they are (every other rule reads only values it does not admit). */
  readonly readsAdmitted?: boolean
  /** It parses JSON text (a union that already parsed the text skips it). */
  readonly parses?: boolean
  applies(types: number, shape: Shape, flags: number): boolean
  apply(value: never, node: Node, depth: number, walk: Walk): unknown
}

const structure = (text: string, node: Node, depth: number, walk: Walk): unknown => {
  const parsed = parseStructure(text)
  if (parsed === NOT_PARSED) return NOT_PARSED
  const bits = bitsOfValue(parsed)
  return (bits & node.types) === 0 ? NOT_PARSED : node.inside(parsed, bits, depth, walk)
}

/** Values counted (as a tree) before an object is turned into JSON text; past it, it stays. */
export const MAX_STRINGIFIED_VALUES = 10_000

function stringify(value: object): unknown {
  const stack: unknown[] = [value]
  for (let count = 0; stack.length > 0; count++) {
    if (count > MAX_STRINGIFIED_VALUES) return NOT_PARSED
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
export const RULES: readonly Rule[] = [
  // 2. integer / number from a JSON number string (for integer, an integral one)
  {
    from: STRING,
    applies: (types) => (types & (INTEGER | NUMBER)) === INTEGER,
    apply: (text: string) => parseNumber(text, true),
  },
  { from: STRING, applies: (types) => (types & NUMBER) !== 0, apply: (text: string) => parseNumber(text, false) },
  // 3. boolean from "true" / "false"; with looseBooleans also "yes"/"no"/"1"/"0"
  { from: STRING, applies: (types) => (types & BOOLEAN) !== 0, apply: parseBoolean },
  {
    from: STRING,
    applies: (types, _shape, flags) => (types & BOOLEAN) !== 0 && (flags & LOOSE_BOOLEANS) !== 0,
    apply: parseBooleanWord,
  },
  // 4. null from "null"
  {
    from: STRING,
    applies: (types) => (types & NULL) !== 0,
    apply: (text: string) => (isNullWord(text) ? null : NOT_PARSED),
  },
  // 5. a blank string is {} for an object without required properties; JSON text the structure it holds
  {
    from: STRING,
    applies: (types, shape) => (types & OBJECT) !== 0 && shape.required.size === 0,
    apply: (text: string) => (isBlank(text) ? {} : NOT_PARSED),
  },
  { from: STRING, parses: true, applies: (types) => (types & (OBJECT | ARRAY)) !== 0, apply: structure },
  // parseUntypedJson: JSON text where the schema says nothing of the type
  {
    from: STRING,
    parses: true,
    readsAdmitted: true,
    applies: (types, shape, flags) => types === ANY && shape.enums.length === 0 && (flags & PARSE_UNTYPED_JSON) !== 0,
    apply: structure,
  },
  // 7. a number or boolean where only a string is admitted; with stringifyStructures an object or array too
  { from: INTEGER | NUMBER | BOOLEAN, applies: (types) => onlyAdmits(types, STRING), apply: String },
  {
    from: OBJECT | ARRAY,
    applies: (types, _shape, flags) => onlyAdmits(types, STRING) && (flags & STRINGIFY_STRUCTURES) !== 0,
    apply: stringify,
  },
  // 6. a lone value where only an array is admitted: [value], its item coerced
  {
    from: ANY & ~NULL,
    applies: (types) => onlyAdmits(types, ARRAY),
    apply: (value: unknown, node, depth, walk) => {
      if (depth <= 0) return NOT_PARSED
      const item = node.array?.nodeAt(0) ?? null
      return [item === null ? value : item.run(value, depth - 1, walk)]
    },
  },
]

/** The rules that apply at a position, in order. */
export function rulesFor(shape: Shape, flags: number): Rule[] {
  return RULES.filter(
    (rule) =>
      rule.applies(shape.types, shape, flags) && (rule.readsAdmitted === true || (rule.from & ~shape.types) !== 0),
  )
}
