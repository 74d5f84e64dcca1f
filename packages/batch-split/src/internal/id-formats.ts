import type { CallIdProvider } from '../types.js'
import { describe } from './describe.js'
import { isRecord } from './json.js'
import { sha256Digest, sha256Hex } from './sha256-hex.js'

/**
 * One provider's tool-call id rules: which ids it accepts (a parent id that
 * passes is kept), how a new id is made from a hash message, and whether a
 * repeated id may be repaired with a `_d2`, `_d3`, ... suffix.
 */
export interface IdFormat {
  readonly accepts: RegExp
  readonly maxLength: number
  /** False where a suffix cannot keep an id valid: a repeat gets a new derived id instead. */
  readonly suffixes: boolean
  readonly derive: (message: string) => string
}

/** `deterministicCallId` is `"call_"` + the first 6 bytes of SHA-256, in hex. */
const callId = (message: string): string => `call_${sha256Hex(message, 6)}`

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

// Nine alphanumerics from the first nine digest bytes. `byte % 62` favours
// the first eight characters slightly; the id only has to identify a call
// within one conversation, so the lost fraction of a bit does not matter.
function nineAlphanumerics(message: string): string {
  const hash = sha256Digest(message)
  let id = ''
  for (let index = 0; index < 9; index++) id += ALPHANUMERIC[hash[index]! % 62]
  return id
}

const urlSafe = (maxLength: number): IdFormat => ({
  accepts: new RegExp(`^[A-Za-z0-9_-]{1,${maxLength}}$`),
  maxLength,
  suffixes: true,
  derive: callId,
})

// OpenAI Chat Completions rejects a tool call id over 40 characters
// ("string_above_max_length"; Responses `call_id` allows 64) and documents no
// character set; Anthropic requires ^[a-zA-Z0-9_-]+$; Bedrock's toolUseId is
// [a-zA-Z0-9_-]+ of 1..64; Gemini's functionCall.id is a free string. The
// generic row is the intersection of all four. Mistral's validator accepts
// exactly nine alphanumerics (^[a-zA-Z0-9]{9}$), so it needs its own ids.
const GENERIC = urlSafe(40)
const WIDE = urlSafe(64)

/** The id format table: one row per provider name. */
const ID_FORMATS: Readonly<Record<CallIdProvider, IdFormat>> = {
  generic: GENERIC,
  openai: GENERIC,
  'openai-strict': GENERIC,
  anthropic: WIDE,
  bedrock: WIDE,
  gemini: WIDE,
  mistral: { accepts: /^[A-Za-z0-9]{9}$/, maxLength: 9, suffixes: false, derive: nineAlphanumerics },
}

const PROVIDERS = Object.keys(ID_FORMATS)
  .map((name) => `'${name}'`)
  .join(', ')

/**
 * The id format `options.provider` names (`generic` when absent), or
 * `undefined` when `options` cannot be read at all (a throwing getter, a
 * revoked Proxy: hostile data, answered by passing the input through). Any
 * other provider value is a programmer error, reported as a `TypeError`
 * that says what was expected and what was received.
 */
export function idFormatOf(options: unknown, caller: string): IdFormat | undefined {
  let provider: unknown
  try {
    provider = isRecord(options) && Object.hasOwn(options, 'provider') ? options['provider'] : undefined
  } catch {
    return undefined
  }
  if (provider === undefined) return GENERIC
  if (typeof provider === 'string' && Object.hasOwn(ID_FORMATS, provider)) return ID_FORMATS[provider as CallIdProvider]
  throw new TypeError(`${caller}: expected options.provider to be one of ${PROVIDERS}, received ${describe(provider)}`)
}
