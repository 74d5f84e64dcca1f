// Where and why a text is not JSON, said without quoting it. The parser's
// own message quotes the text around the fault (`Unexpected token 's',
// "{"api_key": sk-live-ab"... is not valid JSON`), and a tool call's text can
// hold a key or a password that must not travel on in an error. This scanner
// runs only after JSON.parse failed; it follows RFC 8259's grammar with an
// explicit stack (hostile nesting cannot exhaust the call stack) and reports
// a kind from a fixed list and a position, nothing else.

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d])
const SIMPLE_ESCAPES = new Set('"\\/bfnrt'.split('').map((char) => char.charCodeAt(0)))
const LITERALS = ['true', 'false', 'null']

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39
const isHex = (code: number): boolean =>
  isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66)

const unexpectedEnd = (text: string): string => `unexpected end of input at position ${text.length}`
const unexpected = (at: number): string => `unexpected character at position ${at}`

/** A fault, or the position just past the scanned token. */
type Scan = number | string

function scanString(text: string, start: number): Scan {
  for (let at = start + 1; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === 0x22) return at + 1
    if (code < 0x20) return `unescaped control character in a string at position ${at}`
    if (code !== 0x5c) continue
    const escape = text.charCodeAt(at + 1)
    if (Number.isNaN(escape)) break
    if (SIMPLE_ESCAPES.has(escape)) {
      at++
    } else if (escape === 0x75) {
      for (let digit = 2; digit < 6; digit++) {
        if (at + digit >= text.length) return unexpectedEnd(text)
        if (!isHex(text.charCodeAt(at + digit))) return `invalid escape in a string at position ${at}`
      }
      at += 5
    } else {
      return `invalid escape in a string at position ${at}`
    }
  }
  return `unterminated string starting at position ${start}`
}

function scanNumber(text: string, start: number): Scan {
  let at = start
  const digits = (): Scan => {
    if (at >= text.length) return unexpectedEnd(text)
    if (!isDigit(text.charCodeAt(at))) return `invalid number at position ${at}`
    while (at < text.length && isDigit(text.charCodeAt(at))) at++
    return at
  }
  if (text.charCodeAt(at) === 0x2d) at++
  if (text.charCodeAt(at) === 0x30) {
    at++
  } else {
    const fault = digits()
    if (typeof fault === 'string') return fault
  }
  if (text.charCodeAt(at) === 0x2e) {
    at++
    const fault = digits()
    if (typeof fault === 'string') return fault
  }
  const exponent = text.charCodeAt(at)
  if (exponent === 0x65 || exponent === 0x45) {
    at++
    const sign = text.charCodeAt(at)
    if (sign === 0x2b || sign === 0x2d) at++
    const fault = digits()
    if (typeof fault === 'string') return fault
  }
  return at
}

function scanLiteral(text: string, start: number): Scan {
  for (const literal of LITERALS) {
    if (text.charCodeAt(start) !== literal.charCodeAt(0)) continue
    for (let index = 1; index < literal.length; index++) {
      if (start + index >= text.length) return unexpectedEnd(text)
      if (text.charCodeAt(start + index) !== literal.charCodeAt(index)) return unexpected(start + index)
    }
    return start + literal.length
  }
  return unexpected(start)
}

function scanValue(text: string, at: number, code: number): Scan {
  if (code === 0x22) return scanString(text, at)
  if (code === 0x2d || isDigit(code)) return scanNumber(text, at)
  return scanLiteral(text, at)
}

const OBJECT = 0
const ARRAY = 1

/**
 * Why `text` is not JSON: `"<kind> at position <n>"` (0-based, in UTF-16
 * code units), with the kind one of: unexpected end of input, unexpected
 * character, unescaped control character in a string, invalid escape in a
 * string, unterminated string, invalid number, unexpected content after the
 * value. Never any of the text itself.
 */
export function jsonFault(text: string): string {
  const stack: number[] = []
  // What may come next: a value, a value or `]`, a key or `}`, a key, `:`, or what follows a value.
  let expect: 'value' | 'value-or-close' | 'key-or-close' | 'key' | 'colon' | 'after' = 'value'
  let at = 0
  for (;;) {
    while (at < text.length && WHITESPACE.has(text.charCodeAt(at))) at++
    if (at >= text.length) return expect === 'after' && stack.length === 0 ? 'invalid text' : unexpectedEnd(text)
    const code = text.charCodeAt(at)
    let next: Scan
    switch (expect) {
      case 'value-or-close':
      case 'value':
        if (expect === 'value-or-close' && code === 0x5d) {
          stack.pop()
          at++
          expect = 'after'
          continue
        }
        if (code === 0x7b || code === 0x5b) {
          stack.push(code === 0x7b ? OBJECT : ARRAY)
          at++
          expect = code === 0x7b ? 'key-or-close' : 'value-or-close'
          continue
        }
        next = scanValue(text, at, code)
        if (typeof next === 'string') return next
        at = next
        expect = 'after'
        continue
      case 'key-or-close':
      case 'key':
        if (expect === 'key-or-close' && code === 0x7d) {
          stack.pop()
          at++
          expect = 'after'
          continue
        }
        if (code !== 0x22) return unexpected(at)
        next = scanString(text, at)
        if (typeof next === 'string') return next
        at = next
        expect = 'colon'
        continue
      case 'colon':
        if (code !== 0x3a) return unexpected(at)
        at++
        expect = 'value'
        continue
      case 'after': {
        const top = stack.at(-1)
        if (top === undefined) return `unexpected content after the value at position ${at}`
        if (code === 0x2c) {
          at++
          expect = top === OBJECT ? 'key' : 'value'
        } else if (code === (top === OBJECT ? 0x7d : 0x5d)) {
          stack.pop()
          at++
        } else {
          return unexpected(at)
        }
        continue
      }
    }
  }
}
