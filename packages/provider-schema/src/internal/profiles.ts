import type { NameProfile } from '@x/key-unmap'
import type { ProviderName } from '../types.js'
import { nameRule } from './name-rule.js'
import type { NameRule } from './name-rule.js'
import { GEMINI_FORMATS, GEMINI_KEYWORDS, STRICT_FORMATS, STRICT_KEYWORDS } from './provider-keywords.js'

/** One dated rule of a provider profile: what the provider refuses and where it says so. */
export interface RuleRow {
  /** The id `checkProviderSchema` reports. */
  readonly id: string
  readonly what: string
  /** The provider's own documentation, or the provider's error text where the documentation says nothing. */
  readonly source: string
  /** When the source was last read (ISO date). */
  readonly checked: string
}

/** OpenAI strict mode's size limits. */
export interface StrictLimits {
  readonly maxObjectDepth: number
  readonly maxProperties: number
  readonly maxEnumValues: number
  readonly maxStringLength: number
  /** A string enum with more values than this must keep its values' total length within `maxLargeEnumLength`. */
  readonly largeEnumValues: number
  readonly maxLargeEnumLength: number
}

/** Everything this package knows about one provider, as data. */
export interface Profile {
  readonly provider: ProviderName
  readonly toolName: NameRule
  readonly propertyName: NameRule
  /** The `@x/key-unmap` profile that spells property names by `propertyName`. */
  readonly keyProfile: 'anthropic' | 'gemini' | NameProfile
  /** Every reference is inlined (recursion and oversized expansions cut). */
  readonly inlineRefs: boolean
  /** `allOf` members are merged into one schema. */
  readonly mergeAllOf: boolean
  /** Every position needs a type: a position the provider cannot describe (any value, a free-form map, a tuple) is sent as JSON text. */
  readonly typedPositions: boolean
  /** The keywords the provider takes; any other is dropped (a constraint noted in the description). Undefined: all are kept. */
  readonly keywords: ReadonlySet<string> | undefined
  /** The `format`s the provider takes, by type; any other is dropped and noted. Undefined: all are kept. */
  readonly formats: Readonly<Record<string, readonly string[]>> | undefined
  /** OpenAPI 3.0 shapes (Gemini): one type per schema and `nullable`, string enums, no `type` beside `anyOf`, no empty object. */
  readonly openApi: boolean
  /** OpenAI strict mode: every property required, optional ones nullable, objects closed, size limits. */
  readonly strict: StrictLimits | undefined
  readonly rules: readonly RuleRow[]
}

const CHECKED = '2026-12-01'

const DASHED_64 = nameRule('^[a-zA-Z0-9_-]{1,64}$', 64, '_-', false)
const DOTTED_64 = nameRule('^[a-zA-Z0-9_.-]{1,64}$', 64, '_.-', false)
const IDENTIFIER_64 = nameRule('^[a-zA-Z_][a-zA-Z0-9_]{0,63}$', 64, '_', true)
const GEMINI_TOOL = nameRule('^[a-zA-Z_][a-zA-Z0-9_.-]{0,62}$', 63, '_.-', true)
const PORTABLE_TOOL = nameRule('^[a-zA-Z_][a-zA-Z0-9_-]{0,62}$', 63, '_-', true)

/** `@x/key-unmap`'s spelling for `^[a-zA-Z0-9_-]{1,64}$` (one object, so its caches are shared). */
const DASHED_KEYS: NameProfile = Object.freeze({ characters: /[a-zA-Z0-9_-]/, maxLength: 64 })

const SOURCES = {
  anthropicTools: 'https://docs.claude.com/en/api/messages (tools[].name, tools[].input_schema)',
  anthropicKeys:
    "the Messages API's own error text: \"Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'\" (the documentation states no rule)",
  openaiTools:
    'https://platform.openai.com/docs/api-reference/chat/create (tools[].function.name, tools[].function.parameters)',
  openaiStrict: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas',
  openaiDefault:
    "the API's own error text: \"'default' is not permitted\" in strict schemas (the supported-schemas list omits it)",
  geminiFunction:
    'https://ai.google.dev/api/caching#FunctionDeclaration and https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration',
  geminiSchema:
    'https://ai.google.dev/api/caching#Schema (the OpenAPI 3.0 subset) and https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Schema',
  geminiErrors:
    "the API's own error text: 'Unknown name \"additionalProperties\" ... Cannot find field', 'properties: should be non-empty for OBJECT type', 'Proto field is not repeating, cannot start list' (for a type list)",
  bedrockTools: 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html',
  bedrockKeys:
    "Converse's own error text, seen both as \"Property keys should match pattern '^[a-zA-Z0-9_-]{1,64}$'\" and with '.' allowed (the documentation states no rule)",
  mistralTools:
    'https://docs.mistral.ai/api/ (tools[].function.name: a-z, A-Z, 0-9, underscores and dashes, at most 64)',
  undocumentedKeys:
    'not documented: the strictest rule among the other providers without a leading-character rule is used',
  portable: 'the intersection of every other profile, for a tool list sent to a provider not known in advance',
} as const

function row(id: string, what: string, source: string): RuleRow {
  return Object.freeze({ id, what, source, checked: CHECKED })
}

function nameRows(tool: NameRule, toolSource: string, property: NameRule, propertySource: string): RuleRow[] {
  return [
    row('tool-name', `tool names match \`${tool.pattern}\``, toolSource),
    row('property-name', `property names match \`${property.pattern}\``, propertySource),
  ]
}

const ROOT_OBJECT = (source: string): RuleRow =>
  row(
    'root-object',
    'the root is an object schema with `type: "object"` (another root is wrapped as the property `value`)',
    source,
  )

const KEEP_ALL = {
  inlineRefs: false,
  mergeAllOf: false,
  typedPositions: false,
  keywords: undefined,
  formats: undefined,
  openApi: false,
  strict: undefined,
} as const

// Reported by checkProviderSchema for every provider: where it stops reading a hostile schema.
const BUDGET_ROWS: readonly RuleRow[] = [
  row(
    'max-depth',
    'the schema nests within a pointer of 512 tokens (deeper positions are not checked)',
    "this package's budget (see Limits), not a provider rule",
  ),
  row(
    'max-size',
    'the schema has at most 100,000 positions (the rest is not checked)',
    "this package's budget (see Limits), not a provider rule",
  ),
]

function profile(fields: Omit<Profile, 'rules'>, rules: readonly RuleRow[]): Profile {
  return Object.freeze({ ...fields, rules: Object.freeze([...rules, ...BUDGET_ROWS]) })
}

/** The profiles, one per provider. */
export const PROFILES: Readonly<Record<ProviderName, Profile>> = Object.freeze({
  anthropic: profile(
    { provider: 'anthropic', toolName: DASHED_64, propertyName: DOTTED_64, keyProfile: 'anthropic', ...KEEP_ALL },
    [
      ROOT_OBJECT(SOURCES.anthropicTools),
      ...nameRows(DASHED_64, SOURCES.anthropicTools, DOTTED_64, SOURCES.anthropicKeys),
    ],
  ),
  openai: profile(
    { provider: 'openai', toolName: DASHED_64, propertyName: DASHED_64, keyProfile: DASHED_KEYS, ...KEEP_ALL },
    [
      ROOT_OBJECT(SOURCES.openaiTools),
      ...nameRows(DASHED_64, SOURCES.openaiTools, DASHED_64, SOURCES.undocumentedKeys),
    ],
  ),
  'openai-strict': profile(
    {
      provider: 'openai-strict',
      toolName: DASHED_64,
      propertyName: DASHED_64,
      keyProfile: DASHED_KEYS,
      ...KEEP_ALL,
      inlineRefs: true,
      mergeAllOf: true,
      typedPositions: true,
      keywords: STRICT_KEYWORDS,
      formats: STRICT_FORMATS,
      strict: Object.freeze({
        maxObjectDepth: 10,
        maxProperties: 5000,
        maxEnumValues: 1000,
        maxStringLength: 120_000,
        largeEnumValues: 250,
        maxLargeEnumLength: 15_000,
      }),
    },
    [
      ROOT_OBJECT(SOURCES.openaiStrict),
      ...nameRows(DASHED_64, SOURCES.openaiTools, DASHED_64, SOURCES.undocumentedKeys),
      row(
        'strict-required-all',
        'every property of an object is listed in `required`; an optional one is sent nullable and its null read back as omitted',
        SOURCES.openaiStrict,
      ),
      row('strict-additional-properties', 'every object has `additionalProperties: false`', SOURCES.openaiStrict),
      row('strict-root-any-of', 'the root is not an `anyOf`', SOURCES.openaiStrict),
      row(
        'typed',
        'every position has `type`, `anyOf`, `enum` or `const` (any other position is sent as JSON text)',
        SOURCES.openaiStrict,
      ),
      row(
        'strict-ref',
        '`$ref` points only into the root `$defs` or is `#` (references are inlined here)',
        SOURCES.openaiStrict,
      ),
      row(
        'keyword',
        `only ${[...STRICT_KEYWORDS].map((keyword) => `\`${keyword}\``).join(', ')}; \`allOf\` is merged, \`oneOf\` becomes \`anyOf\``,
        SOURCES.openaiStrict,
      ),
      row('default', '`default` is dropped (noted in the description)', SOURCES.openaiDefault),
      row('format', `string formats ${STRICT_FORMATS.string.join(', ')} only`, SOURCES.openaiStrict),
      row(
        'strict-max-depth',
        'objects nest at most 10 levels (deeper ones are sent as JSON text)',
        SOURCES.openaiStrict,
      ),
      row('strict-max-properties', 'at most 5,000 object properties in all', SOURCES.openaiStrict),
      row('strict-max-enum-values', 'at most 1,000 enum values in all', SOURCES.openaiStrict),
      row(
        'strict-max-string-length',
        'property names, enum and const values total at most 120,000 characters',
        SOURCES.openaiStrict,
      ),
      row(
        'strict-large-enum',
        'a string enum of more than 250 values totals at most 15,000 characters',
        SOURCES.openaiStrict,
      ),
    ],
  ),
  gemini: profile(
    {
      provider: 'gemini',
      toolName: GEMINI_TOOL,
      propertyName: IDENTIFIER_64,
      keyProfile: 'gemini',
      ...KEEP_ALL,
      inlineRefs: true,
      mergeAllOf: true,
      typedPositions: true,
      keywords: GEMINI_KEYWORDS,
      formats: GEMINI_FORMATS,
      openApi: true,
    },
    [
      ROOT_OBJECT(SOURCES.geminiFunction),
      ...nameRows(GEMINI_TOOL, SOURCES.geminiFunction, IDENTIFIER_64, SOURCES.geminiFunction),
      row(
        'keyword',
        `only the Schema fields ${[...GEMINI_KEYWORDS].map((keyword) => `\`${keyword}\``).join(', ')}: \`$ref\`/\`$defs\` inlined, \`allOf\` merged, \`oneOf\` becomes \`anyOf\`, \`const\` a one-value \`enum\`; any other keyword dropped (a constraint noted in the description)`,
        `${SOURCES.geminiSchema}; ${SOURCES.geminiErrors}`,
      ),
      row(
        'format',
        'formats: `enum`, `date-time` for strings, `float`, `double` for numbers, `int32`, `int64` for integers',
        SOURCES.geminiSchema,
      ),
      row(
        'single-type',
        'one `type` per schema; a type list becomes `nullable: true` and an `anyOf` of single types',
        `${SOURCES.geminiSchema}; ${SOURCES.geminiErrors}`,
      ),
      row(
        'string-enum',
        '`enum` values are strings (other values are noted in the description instead)',
        SOURCES.geminiSchema,
      ),
      row('any-of-beside-type', 'no `type` beside `anyOf` (the type moves into the branches)', SOURCES.geminiErrors),
      row(
        'typed',
        'every position has `type` or `anyOf` (any other position is sent as JSON text)',
        SOURCES.geminiSchema,
      ),
      row(
        'empty-object',
        'an object below the root declares at least one property (a free-form object is sent as JSON text); a root without properties is sent as `{ type: "object", properties: {} }`, to be left out of the request',
        SOURCES.geminiErrors,
      ),
      row('array-items', 'an array declares `items` (a tuple is sent as JSON text)', SOURCES.geminiSchema),
    ],
  ),
  bedrock: profile(
    { provider: 'bedrock', toolName: DASHED_64, propertyName: DASHED_64, keyProfile: DASHED_KEYS, ...KEEP_ALL },
    [
      ROOT_OBJECT(
        `${SOURCES.bedrockTools}; Converse's error text "inputSchema.json.type must be one of the following: object"`,
      ),
      ...nameRows(DASHED_64, SOURCES.bedrockTools, DASHED_64, SOURCES.bedrockKeys),
    ],
  ),
  mistral: profile(
    { provider: 'mistral', toolName: DASHED_64, propertyName: DASHED_64, keyProfile: DASHED_KEYS, ...KEEP_ALL },
    [
      ROOT_OBJECT(SOURCES.mistralTools),
      ...nameRows(DASHED_64, SOURCES.mistralTools, DASHED_64, SOURCES.undocumentedKeys),
    ],
  ),
  generic: profile(
    { provider: 'generic', toolName: PORTABLE_TOOL, propertyName: IDENTIFIER_64, keyProfile: 'gemini', ...KEEP_ALL },
    [ROOT_OBJECT(SOURCES.portable), ...nameRows(PORTABLE_TOOL, SOURCES.portable, IDENTIFIER_64, SOURCES.portable)],
  ),
})
