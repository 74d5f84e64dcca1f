// A model's string as the scalar the schema asked for. `Number()` alone reads "" as 0, "0x10" as 16 and "Infinity"
// as Infinity: numbers follow JSON's grammar (linear: no ambiguous repetition), plus a leading "+" as models write it.
/** Returned by the parsers below when the string is not that scalar. */
export const NOT_PARSED: unique symbol = Symbol('not parsed')

const JSON_NUMBER = /^[+-]?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/

// A plain decimal ("42", "-0.5": at most 15 digits, no exponent, what models mostly send) read faster than by
// `Number()`, else NaN. An exact mantissa over an exact power of ten rounds correctly (Clinger's fast path).
function parsePlainDecimal(text: string): number {
  const start = text.charCodeAt(0) === 45 /* - */ ? 1 : 0
  let mantissa = 0
  let digits = 0
  let point = -1
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 46 /* . */ && point < 0 && index > start) {
      point = index
      continue
    }
    const digit = code - 48
    if (digit < 0 || digit > 9) return Number.NaN
    // A leading zero is JSON only when it is the whole integer part.
    if (index === start + 1 && text.charCodeAt(start) === 48 && point < 0) return Number.NaN
    mantissa = mantissa * 10 + digit
    if (++digits > 15) return Number.NaN
  }
  if (digits === 0 || point === text.length - 1) return Number.NaN
  // Every character after the point is a digit: their count is the scale.
  const value = point < 0 ? mantissa : mantissa / POWERS_OF_TEN[text.length - 1 - point]!
  return start === 1 ? -value : value
}

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, power) => 10 ** power)

/** A finite number from a JSON-grammar string (trimmed), or NOT_PARSED. */
export function parseNumber(text: string): number | typeof NOT_PARSED {
  const plain = parsePlainDecimal(text)
  if (plain === plain) return plain
  const trimmed = text.trim()
  if (!JSON_NUMBER.test(trimmed)) return NOT_PARSED
  const value = Number(trimmed)
  // Whole values past MAX_SAFE_INTEGER stay strings: the only lossless form of them.
  return Number.isSafeInteger(value) || (Number.isFinite(value) && !Number.isInteger(value)) ? value : NOT_PARSED
}

/** A whole number from a JSON-grammar string ("5.0" and "1e3" are), or NOT_PARSED. */
export function parseInteger(text: string): number | typeof NOT_PARSED {
  const value = parseNumber(text)
  return value === NOT_PARSED || Number.isInteger(value) ? value : NOT_PARSED
}

// A word is short: a longer string is none, however it is padded (and is never lowercased).
const word = (text: string): string => (text.length > 12 ? '' : text.trim().toLowerCase())

/** `true`/`false` from the words, trimmed and in any case; nothing else ("1", "yes" are not booleans). */
export function parseBoolean(text: string): boolean | typeof NOT_PARSED {
  const lower = text === 'true' || text === 'false' ? text : word(text)
  return lower === 'true' ? true : lower === 'false' ? false : NOT_PARSED
}

/** With the looseBooleans option: "yes"/"1" true, "no"/"0" false, trimmed and in any case. */
export function parseBooleanWord(text: string): boolean | typeof NOT_PARSED {
  const lower = word(text)
  return lower === 'yes' || lower === '1' ? true : lower === 'no' || lower === '0' ? false : NOT_PARSED
}

/** True for "null", trimmed and in any case. */
export const isNullWord = (text: string): boolean => word(text) === 'null'

/** The object or array a JSON string holds, else NOT_PARSED; prose fails on its first character, not in JSON.parse. */
export function parseStructure(text: string): object | typeof NOT_PARSED {
  // Text already bare at both ends (what hosts send) skips trim(), whose copy costs about a tenth of a small parse.
  const start = text.charCodeAt(0)
  const end = text.charCodeAt(text.length - 1)
  const trimmed = (start === 123 || start === 91) && (end === 125 || end === 93) ? text : text.trim()
  const first = trimmed.charCodeAt(0)
  if (first !== 123 /* { */ && first !== 91 /* [ */) return NOT_PARSED
  try {
    return JSON.parse(trimmed) as object // JSON text that opens with `{` or `[` is an object or an array
  } catch {
    return NOT_PARSED
  }
}
