import { JsonTypeBits, typeBitsOfValue } from '@x/schema-ref'
import { LOOSE_BOOLEANS, PARSE_UNTYPED_JSON, STRINGIFY_STRUCTURES } from './options.js'
import type { Shape } from './shape.js'
import type { Position, Rule } from './types.js'
import {
  NOT_PARSED,
  isBlank,
  isNullWord,
  parseBoolean,
  parseBooleanWord,
  parseNumber,
  parseStructure,
} from './parse-scalar.js'
import type { Walk } from './walk.js'

const { ANY, ARRAY, BOOLEAN, INTEGER, NULL, NUMBER, OBJECT, STRING } = JsonTypeBits

/** True when, null aside, exactly the given structure or scalar type is admitted. */
function onlyAdmits(types: number, bits: number): boolean {
  return (types & ~NULL) === bits
}

// Each rule is written once, in the table below: a compiled position keeps
// the rules that apply to it, in table order, and the interpreter
// (Node.coerce) and the generated code (generate.ts) both run them.

const structure = (text: string, node: Position, depth: number, walk: Walk): unknown => {
  const parsed = parseStructure(text)
  if (parsed === NOT_PARSED) return NOT_PARSED
  return (typeBitsOfValue(parsed) & node.types) === 0 ? NOT_PARSED : walk.inParsed(node, parsed, depth)
}

/** Values counted (as a tree) before an object is turned into JSON text; past it, it stays. */
export const MAX_STRINGIFIED_VALUES = 10_000

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

const admits = (bits: number) => (types: number) => (types & bits) !== 0
const withFlag =
  (flag: number, applies: Rule['applies']): Rule['applies'] =>
  (types, shape, flags) =>
    (flags & flag) !== 0 && applies(types, shape, flags)
const only = (bits: number) => (types: number) => onlyAdmits(types, bits)

/** The rules, in order of precedence (the README's numbered rules, then the opt-in ones). */
export const RULES: readonly Rule[] = [
  // 2. integer / number from a JSON number string (for integer, an integral one)
  {
    from: STRING,
    applies: (types) => (types & (INTEGER | NUMBER)) === INTEGER,
    apply: (text: string) => parseNumber(text, true),
  },
  { from: STRING, applies: admits(NUMBER), apply: (text: string) => parseNumber(text, false) },
  // 3. boolean from "true" / "false"; with looseBooleans also "yes"/"no"/"1"/"0"
  { from: STRING, applies: admits(BOOLEAN), apply: parseBoolean },
  { from: STRING, loose: true, applies: withFlag(LOOSE_BOOLEANS, admits(BOOLEAN)), apply: parseBooleanWord },
  // 4. null from "null"
  { from: STRING, applies: admits(NULL), apply: (text: string) => (isNullWord(text) ? null : NOT_PARSED) },
  // 5. a blank string is {} for an object without required properties; JSON text the structure it holds
  {
    from: STRING,
    applies: (types, shape) => (types & OBJECT) !== 0 && shape.required.size === 0,
    apply: (text: string) => (isBlank(text) ? {} : NOT_PARSED),
  },
  { from: STRING, parses: true, applies: admits(OBJECT | ARRAY), apply: structure },
  // parseUntypedJson: JSON text where the schema says nothing of the type
  {
    from: STRING,
    parses: true,
    readsAdmitted: true,
    applies: withFlag(PARSE_UNTYPED_JSON, (types, shape) => types === ANY && shape.enums.length === 0),
    apply: structure,
  },
  // 7. a number or boolean where only a string is admitted; with stringifyStructures an object or array too
  { from: INTEGER | NUMBER | BOOLEAN, applies: only(STRING), apply: String },
  { from: OBJECT | ARRAY, applies: withFlag(STRINGIFY_STRUCTURES, only(STRING)), apply: stringify },
  // 6. a lone value where only an array is admitted: [value], its item coerced
  {
    from: ANY & ~NULL,
    applies: only(ARRAY),
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
