import { JsonPointerError } from '../json-pointer-error.js'

// Hand-written rather than decodeURIComponent: that one throws a bare
// URIError with no position, and it is lenient nowhere we need it to be.
// Well-formed UTF-8 per RFC 3629 §4 (no overlongs, no surrogates, at most
// U+10FFFF), so a fragment decodes to exactly one string or fails.

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  if (code >= 65 && code <= 70) return code - 55
  if (code >= 97 && code <= 102) return code - 87
  return -1
}

function readByte(text: string, index: number): number {
  const high = hexValue(text.charCodeAt(index + 1))
  const low = hexValue(text.charCodeAt(index + 2))
  if (high === -1 || low === -1) {
    const received = JSON.stringify(text.slice(index, index + 3))
    throw new JsonPointerError(
      'INVALID_PERCENT_ENCODING',
      text,
      index,
      `"%" must be followed by two hexadecimal digits (received ${received})`,
    )
  }
  return high * 16 + low
}

function invalidUtf8(text: string, index: number, detail: string): JsonPointerError {
  return new JsonPointerError('INVALID_UTF8', text, index, `percent-encoded bytes are not valid UTF-8: ${detail}`)
}

/** Decodes one percent-encoded UTF-8 sequence starting at `index` (a `%`). */
function decodeSequence(text: string, index: number): { char: string; end: number } {
  const lead = readByte(text, index)
  if (lead < 0x80) return { char: String.fromCharCode(lead), end: index + 3 }
  let need: number
  let codePoint: number
  // The first continuation byte's range excludes overlongs (E0, F0),
  // surrogates (ED) and code points past U+10FFFF (F4).
  let low = 0x80
  let high = 0xbf
  if (lead >= 0xc2 && lead <= 0xdf) {
    need = 1
    codePoint = lead & 0x1f
  } else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2
    codePoint = lead & 0x0f
    if (lead === 0xe0) low = 0xa0
    if (lead === 0xed) high = 0x9f
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3
    codePoint = lead & 0x07
    if (lead === 0xf0) low = 0x90
    if (lead === 0xf4) high = 0x8f
  } else {
    const hex = lead.toString(16).toUpperCase()
    throw invalidUtf8(text, index, `%${hex} cannot start a character`)
  }
  let at = index + 3
  for (let count = 0; count < need; count++) {
    if (text.charCodeAt(at) !== 37) throw invalidUtf8(text, at, 'the character is cut short')
    const byte = readByte(text, at)
    if (byte < low || byte > high) {
      throw invalidUtf8(text, at, `%${byte.toString(16).toUpperCase()} cannot continue this character`)
    }
    codePoint = (codePoint << 6) | (byte & 0x3f)
    low = 0x80
    high = 0xbf
    at += 3
  }
  return { char: String.fromCodePoint(codePoint), end: at }
}

/**
 * Percent-decodes `text` from `start` on. Characters that are not `%` are
 * kept as they are (a lenient reading of RFC 3986: browsers hand out
 * fragments with raw spaces and non-ASCII too).
 */
export function percentDecode(text: string, start: number): string {
  let percent = text.indexOf('%', start)
  if (percent === -1) return text.slice(start)
  let result = ''
  let from = start
  while (percent !== -1) {
    const { char, end } = decodeSequence(text, percent)
    result += text.slice(from, percent) + char
    from = end
    percent = text.indexOf('%', from)
  }
  return result + text.slice(from)
}

/**
 * Maps an offset in `percentDecode(text, start)` back to an offset in `text`,
 * so an error found after decoding points at what the user wrote. Only
 * called on the error path, on text already known to decode.
 */
export function sourcePosition(text: string, start: number, decodedPosition: number): number {
  let index = start
  let decoded = 0
  while (index < text.length && decoded < decodedPosition) {
    if (text.charCodeAt(index) === 37) {
      const { char, end } = decodeSequence(text, index)
      decoded += char.length
      index = end
    } else {
      decoded++
      index++
    }
  }
  return index
}

// RFC 3986 fragment = *( pchar / "/" / "?" ), minus "%" which must itself be
// encoded. Everything else is percent-encoded as UTF-8 with uppercase hex,
// which is how RFC 6901 §6 spells its own examples.
const KEEP = new Uint8Array(128)
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?") {
  KEEP[char.charCodeAt(0)] = 1
}
const HEX = '0123456789ABCDEF'

function byteHex(byte: number): string {
  return '%' + HEX[byte >> 4]! + HEX[byte & 15]!
}

/**
 * Percent-encodes a pointer string for a URI fragment. An unpaired surrogate
 * has no UTF-8 form: its offset goes to `onUnpaired`, which throws.
 */
export function percentEncode(text: string, onUnpaired: (offset: number) => never): string {
  let result = ''
  let from = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 128 && KEEP[code] === 1) continue
    result += text.slice(from, index)
    let codePoint = code
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1)
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) onUnpaired(index)
      codePoint = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00)
      index++
    }
    if (codePoint < 0x80) result += byteHex(codePoint)
    else if (codePoint < 0x800) result += byteHex(0xc0 | (codePoint >> 6)) + byteHex(0x80 | (codePoint & 63))
    else if (codePoint < 0x10000) {
      result +=
        byteHex(0xe0 | (codePoint >> 12)) + byteHex(0x80 | ((codePoint >> 6) & 63)) + byteHex(0x80 | (codePoint & 63))
    } else {
      result +=
        byteHex(0xf0 | (codePoint >> 18)) +
        byteHex(0x80 | ((codePoint >> 12) & 63)) +
        byteHex(0x80 | ((codePoint >> 6) & 63)) +
        byteHex(0x80 | (codePoint & 63))
    }
    from = index + 1
  }
  return from === 0 ? text : result + text.slice(from)
}
