import type { ProviderName } from '../types.js'
import { nameRule } from './name-rule.js'
import type { NameRule } from './name-rule.js'

/** One dated rule of a provider profile: what the provider refuses and where it says so. */
export interface RuleRow {
  /** The id `checkProviderSchema` reports. */
  readonly id: string
  readonly what: string
  /** The provider's own documentation (or, where it says nothing, why the rule is a conservative choice). */
  readonly source: string
  /** When the source was last read (ISO date). */
  readonly checked: string
}

/** Everything this package knows about one provider, as data. */
export interface Profile {
  readonly provider: ProviderName
  readonly toolName: NameRule
  readonly propertyName: NameRule
  /** The `@x/key-unmap` profile that spells property names by `propertyName`. */
  readonly keyProfile: 'anthropic' | 'gemini'
  /** OpenAI strict mode: every property required, optional ones nullable, closed objects, typed positions. */
  readonly strict: boolean
  /** Whether `$ref` is refused, so every reference is inlined (recursion cut). */
  readonly inlineRefs: boolean
  readonly rules: readonly RuleRow[]
}

const DASHED_64 = nameRule('^[a-zA-Z0-9_-]{1,64}$', 64, '_-', false)
const DOTTED_64 = nameRule('^[a-zA-Z0-9_.-]{1,64}$', 64, '_.-', false)
const IDENTIFIER_64 = nameRule('^[a-zA-Z_][a-zA-Z0-9_]{0,63}$', 64, '_', true)
const GEMINI_TOOL = nameRule('^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$', 64, '_.:-', true)
const PORTABLE_TOOL = nameRule('^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$', 64, '_-', true)

const ROOT_OBJECT: RuleRow = {
  id: 'root-object',
  what: 'the root of a tool schema is an object schema with `type: "object"`',
  source: 'every provider documents tool parameters as a JSON object schema',
  checked: '2026-12-01',
}

function row(id: string, what: string, source: string): RuleRow {
  return { id, what, source, checked: '2026-12-01' }
}

function profile(fields: Omit<Profile, 'rules'>, rules: readonly RuleRow[]): Profile {
  return Object.freeze({ ...fields, rules: Object.freeze([ROOT_OBJECT, ...rules].map((entry) => Object.freeze(entry))) })
}

const names = (tool: NameRule, property: NameRule): RuleRow[] => [
  row('tool-name', `tool names match \`${tool.pattern}\``, 'see the README'),
  row('property-name', `property names match \`${property.pattern}\``, 'see the README'),
]

/** The profiles, one per provider. */
export const PROFILES: Readonly<Record<ProviderName, Profile>> = Object.freeze({
  anthropic: profile(
    { provider: 'anthropic', toolName: DASHED_64, propertyName: DOTTED_64, keyProfile: 'anthropic', strict: false, inlineRefs: false },
    names(DASHED_64, DOTTED_64),
  ),
  openai: profile(
    { provider: 'openai', toolName: DASHED_64, propertyName: DOTTED_64, keyProfile: 'anthropic', strict: false, inlineRefs: false },
    names(DASHED_64, DOTTED_64),
  ),
  'openai-strict': profile(
    { provider: 'openai-strict', toolName: DASHED_64, propertyName: DOTTED_64, keyProfile: 'anthropic', strict: true, inlineRefs: true },
    [
      ...names(DASHED_64, DOTTED_64),
      row('strict-required-all', 'every property of an object is listed in `required`', 'see the README'),
      row('strict-additional-properties', 'every object schema has `additionalProperties: false`', 'see the README'),
      row('strict-typed', 'every schema position has `type`, `anyOf`, `enum` or `const`', 'see the README'),
      row('strict-ref', '`$ref` points only into the root `$defs`, or is `#`', 'see the README'),
      row('strict-root-any-of', 'the root is not an `anyOf`', 'see the README'),
    ],
  ),
  gemini: profile(
    { provider: 'gemini', toolName: GEMINI_TOOL, propertyName: IDENTIFIER_64, keyProfile: 'gemini', strict: false, inlineRefs: true },
    [...names(GEMINI_TOOL, IDENTIFIER_64), row('no-ref', '`$ref` and `$defs` are refused', 'see the README')],
  ),
  bedrock: profile(
    { provider: 'bedrock', toolName: DASHED_64, propertyName: DOTTED_64, keyProfile: 'anthropic', strict: false, inlineRefs: false },
    names(DASHED_64, DOTTED_64),
  ),
  mistral: profile(
    { provider: 'mistral', toolName: DASHED_64, propertyName: DOTTED_64, keyProfile: 'anthropic', strict: false, inlineRefs: false },
    names(DASHED_64, DOTTED_64),
  ),
  generic: profile(
    { provider: 'generic', toolName: PORTABLE_TOOL, propertyName: IDENTIFIER_64, keyProfile: 'gemini', strict: false, inlineRefs: false },
    names(PORTABLE_TOOL, IDENTIFIER_64),
  ),
})
