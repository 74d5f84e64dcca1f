import { format } from '@x/json-pointer'
import type { ProviderSchemaViolation } from '../types.js'
import { SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js'
import { LIMITS } from './limits.js'
import { satisfies } from './name-rule.js'
import { isRecord, own, typesOf } from './own.js'
import type { Profile } from './profiles.js'

interface CheckContext {
  readonly profile: Profile
  readonly violations: ProviderSchemaViolation[]
  readonly tokens: Array<string | number>
  nodes: number
  stopped: boolean
}

function report(ctx: CheckContext, rule: string, message: string): void {
  ctx.violations.push({ rule, pointer: format(ctx.tokens), message })
}

function checkNode(node: unknown, ctx: CheckContext): void {
  if (ctx.stopped) return
  if (++ctx.nodes > LIMITS.maxCheckedNodes) {
    ctx.stopped = true
    report(ctx, 'max-size', `the schema has more than ${LIMITS.maxCheckedNodes} positions; the rest was not checked`)
    return
  }
  if (ctx.tokens.length > LIMITS.maxCheckedTokens) {
    report(ctx, 'max-depth', `the schema nests deeper than a pointer of ${LIMITS.maxCheckedTokens} tokens; deeper positions were not checked`)
    return
  }
  if (!isRecord(node)) {
    if (typeof node === 'boolean') report(ctx, 'boolean-schema', `a boolean schema (${String(node)}) where an object schema is expected`)
    return
  }
  const { profile } = ctx
  const ref = own(node, '$ref')
  if (profile.inlineRefs && !profile.strict && (ref !== undefined || own(node, '$defs') !== undefined || own(node, 'definitions') !== undefined)) {
    report(ctx, 'no-ref', '`$ref` and `$defs` are not accepted: references must be inlined')
  }
  if (profile.strict) checkStrict(node, ctx, ref)
  const properties = own(node, 'properties')
  if (isRecord(properties)) {
    for (const name of Object.keys(properties)) {
      if (!satisfies(name, profile.propertyName)) {
        ctx.tokens.push('properties', name)
        report(ctx, 'property-name', `property name ${JSON.stringify(name)} does not match ${profile.propertyName.pattern}`)
        ctx.tokens.pop()
        ctx.tokens.pop()
      }
    }
  }
  for (const key of Object.keys(node)) {
    const value = node[key]
    if (SCHEMA_MAP_KEYWORDS.includes(key) && isRecord(value)) {
      for (const name of Object.keys(value)) {
        ctx.tokens.push(key, name)
        checkNode(value[name], ctx)
        ctx.tokens.pop()
        ctx.tokens.pop()
      }
    } else if (SCHEMA_LIST_KEYWORDS.includes(key) && Array.isArray(value)) {
      value.forEach((entry: unknown, index) => {
        ctx.tokens.push(key, index)
        checkNode(entry, ctx)
        ctx.tokens.pop()
        ctx.tokens.pop()
      })
    } else if (SCHEMA_KEYWORDS.includes(key) && (isRecord(value) || typeof value === 'boolean')) {
      // `additionalProperties: false` is the keyword's own boolean, not a boolean schema to report.
      if (typeof value === 'boolean' && (key === 'additionalProperties' || key === 'additionalItems' || key === 'items' || key.startsWith('unevaluated'))) continue
      ctx.tokens.push(key)
      checkNode(value, ctx)
      ctx.tokens.pop()
    }
  }
}

function checkStrict(node: Record<string, unknown>, ctx: CheckContext, ref: unknown): void {
  if (ref !== undefined && ref !== '#' && !(typeof ref === 'string' && ref.startsWith('#/$defs/'))) {
    report(ctx, 'strict-ref', `\`$ref\` ${JSON.stringify(ref)} does not point into the root \`$defs\``)
  }
  const types = typesOf(node)
  const typed = ref !== undefined || types.length > 0 || ['anyOf', 'enum', 'const'].some((keyword) => own(node, keyword) !== undefined)
  const inDefinitions = ctx.tokens.length === 2 && (ctx.tokens[0] === '$defs' || ctx.tokens[0] === 'definitions')
  if (!typed && !inDefinitions) report(ctx, 'strict-typed', 'the position has no `type`, `anyOf`, `enum` or `const`')
  const properties = own(node, 'properties')
  if (types.includes('object') || isRecord(properties)) {
    if (own(node, 'additionalProperties') !== false) report(ctx, 'strict-additional-properties', 'an object without `additionalProperties: false`')
    const required = own(node, 'required')
    const listed = new Set(Array.isArray(required) ? required : [])
    const missing = isRecord(properties) ? Object.keys(properties).filter((name) => !listed.has(name)) : []
    if (missing.length > 0) report(ctx, 'strict-required-all', `properties missing from \`required\`: ${missing.map((name) => JSON.stringify(name)).join(', ')}`)
  }
  if (ctx.tokens.length === 0 && own(node, 'anyOf') !== undefined) report(ctx, 'strict-root-any-of', 'the root is an `anyOf`')
}

/** Every rule of `profile` that `schema` breaks. */
export function checkSchema(schema: unknown, profile: Profile): ProviderSchemaViolation[] {
  const ctx: CheckContext = { profile, violations: [], tokens: [], nodes: 0, stopped: false }
  if (!isRecord(schema) || typesOf(schema).length !== 1 || typesOf(schema)[0] !== 'object') {
    ctx.violations.push({ rule: 'root-object', pointer: '', message: 'the root must be an object schema with `type: "object"`' })
  }
  checkNode(schema, ctx)
  return ctx.violations
}
