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
  // OpenAI strict mode's budgets, summed over the whole schema.
  properties: number
  enumValues: number
  stringLength: number
}

function report(ctx: CheckContext, rule: string, message: string): void {
  ctx.violations.push({ rule, pointer: format(ctx.tokens), message })
}

function textLength(values: readonly unknown[]): number {
  let length = 0
  for (const value of values) if (typeof value === 'string') length += value.length
  return length
}

function checkKeywords(node: Record<string, unknown>, ctx: CheckContext): void {
  const { keywords, formats, strict } = ctx.profile
  for (const key of Object.keys(node)) {
    if (keywords !== undefined && !keywords.has(key)) {
      report(
        ctx,
        strict !== undefined && key === 'default' ? 'default' : 'keyword',
        `the keyword \`${key}\` is not accepted`,
      )
    }
  }
  const value = own(node, 'format')
  if (
    formats !== undefined &&
    value !== undefined &&
    !typesOf(node).some((type) => formats[type]?.includes(value as string) === true)
  ) {
    report(
      ctx,
      'format',
      `the format ${JSON.stringify(value)} is not accepted for type ${JSON.stringify(own(node, 'type'))}`,
    )
  }
}

function checkOpenApi(node: Record<string, unknown>, ctx: CheckContext): void {
  const type = own(node, 'type')
  if (type !== undefined && typeof type !== 'string') report(ctx, 'single-type', 'the `type` is not one type name')
  if (type !== undefined && own(node, 'anyOf') !== undefined) report(ctx, 'any-of-beside-type', '`type` beside `anyOf`')
  const values = own(node, 'enum')
  if (Array.isArray(values) && values.some((entry) => typeof entry !== 'string'))
    report(ctx, 'string-enum', '`enum` values other than strings')
  if (type === 'null' && own(node, 'anyOf') === undefined) report(ctx, 'typed', 'a position that admits only null')
  const properties = own(node, 'properties')
  if (
    ctx.tokens.length > 0 &&
    (type === 'object' || isRecord(properties)) &&
    (!isRecord(properties) || Object.keys(properties).length === 0)
  ) {
    report(ctx, 'empty-object', 'an object below the root without properties')
  }
  if (type === 'array' && !isRecord(own(node, 'items')))
    report(ctx, 'array-items', 'an array without an `items` schema')
}

function checkStrict(node: Record<string, unknown>, ctx: CheckContext, objectDepth: number): void {
  const limits = ctx.profile.strict!
  const ref = own(node, '$ref')
  if (ref !== undefined && ref !== '#' && !(typeof ref === 'string' && ref.startsWith('#/$defs/'))) {
    report(ctx, 'strict-ref', `\`$ref\` ${JSON.stringify(ref)} does not point into the root \`$defs\``)
  }
  const types = typesOf(node)
  const properties = own(node, 'properties')
  if (types.includes('object') || isRecord(properties)) {
    if (own(node, 'additionalProperties') !== false)
      report(ctx, 'strict-additional-properties', 'an object without `additionalProperties: false`')
    const required = own(node, 'required')
    const listed = new Set(Array.isArray(required) ? required : [])
    const names = isRecord(properties) ? Object.keys(properties) : []
    const missing = names.filter((name) => !listed.has(name))
    if (missing.length > 0)
      report(
        ctx,
        'strict-required-all',
        `properties missing from \`required\`: ${missing.map((name) => JSON.stringify(name)).join(', ')}`,
      )
    if (objectDepth > limits.maxObjectDepth)
      report(ctx, 'strict-max-depth', `objects nested ${objectDepth} deep, more than ${limits.maxObjectDepth}`)
    ctx.properties += names.length
    ctx.stringLength += textLength(names)
  }
  const values = own(node, 'enum')
  if (Array.isArray(values)) {
    ctx.enumValues += values.length
    ctx.stringLength += textLength(values)
    if (values.length > limits.largeEnumValues && textLength(values) > limits.maxLargeEnumLength) {
      report(
        ctx,
        'strict-large-enum',
        `an enum of ${values.length} values totalling more than ${limits.maxLargeEnumLength} characters`,
      )
    }
  }
  if (typeof own(node, 'const') === 'string') ctx.stringLength += (own(node, 'const') as string).length
  if (ctx.tokens.length === 0 && own(node, 'anyOf') !== undefined)
    report(ctx, 'strict-root-any-of', 'the root is an `anyOf`')
}

function isTyped(node: Record<string, unknown>, profile: Profile): boolean {
  if (typesOf(node).length > 0 || Array.isArray(own(node, 'anyOf'))) return true
  return (
    !profile.openApi &&
    (own(node, '$ref') !== undefined || Array.isArray(own(node, 'enum')) || Object.hasOwn(node, 'const'))
  )
}

function descend(node: Record<string, unknown>, ctx: CheckContext, objectDepth: number): void {
  for (const key of Object.keys(node)) {
    const value = node[key]
    if (SCHEMA_MAP_KEYWORDS.includes(key) && isRecord(value)) {
      for (const name of Object.keys(value)) {
        ctx.tokens.push(key, name)
        // `$defs` members are not positions of their own: they count where they are referenced.
        checkNode(value[name], ctx, key === '$defs' || key === 'definitions' ? 0 : objectDepth)
        ctx.tokens.pop()
        ctx.tokens.pop()
      }
    } else if (SCHEMA_LIST_KEYWORDS.includes(key) && Array.isArray(value)) {
      value.forEach((entry: unknown, index) => {
        ctx.tokens.push(key, index)
        checkNode(entry, ctx, objectDepth)
        ctx.tokens.pop()
        ctx.tokens.pop()
      })
    } else if (SCHEMA_KEYWORDS.includes(key) && (isRecord(value) || typeof value === 'boolean')) {
      // `additionalProperties: false` is the keyword's own switch, not a boolean schema.
      if (
        typeof value === 'boolean' &&
        (key === 'additionalProperties' ||
          key === 'additionalItems' ||
          key === 'items' ||
          key.startsWith('unevaluated'))
      )
        continue
      ctx.tokens.push(key)
      checkNode(value, ctx, objectDepth)
      ctx.tokens.pop()
    }
  }
}

function checkNode(node: unknown, ctx: CheckContext, parentObjects: number): void {
  if (ctx.stopped) return
  if (++ctx.nodes > LIMITS.maxCheckedNodes) {
    ctx.stopped = true
    report(ctx, 'max-size', `the schema has more than ${LIMITS.maxCheckedNodes} positions; the rest was not checked`)
    return
  }
  if (ctx.tokens.length > LIMITS.maxCheckedTokens) {
    report(
      ctx,
      'max-depth',
      `the schema nests deeper than a pointer of ${LIMITS.maxCheckedTokens} tokens; deeper positions were not checked`,
    )
    return
  }
  const { profile } = ctx
  if (!isRecord(node)) {
    if (typeof node === 'boolean' && profile.typedPositions)
      report(ctx, 'typed', `a boolean schema (${String(node)}) where a typed schema is expected`)
    return
  }
  const inDefinitions = ctx.tokens.length === 2 && (ctx.tokens[0] === '$defs' || ctx.tokens[0] === 'definitions')
  if (profile.typedPositions && !inDefinitions && !isTyped(node, profile))
    report(ctx, 'typed', 'the position has no type')
  if (profile.keywords !== undefined || profile.formats !== undefined) checkKeywords(node, ctx)
  if (profile.openApi) checkOpenApi(node, ctx)
  const objectDepth =
    typesOf(node).includes('object') || isRecord(own(node, 'properties')) ? parentObjects + 1 : parentObjects
  if (profile.strict !== undefined) checkStrict(node, ctx, objectDepth)
  const properties = own(node, 'properties')
  if (isRecord(properties)) {
    for (const name of Object.keys(properties)) {
      if (!satisfies(name, profile.propertyName)) {
        ctx.tokens.push('properties', name)
        report(
          ctx,
          'property-name',
          `property name ${JSON.stringify(name)} does not match ${profile.propertyName.pattern}`,
        )
        ctx.tokens.pop()
        ctx.tokens.pop()
      }
    }
  }
  descend(node, ctx, objectDepth)
}

/** Every rule of `profile` that `schema` breaks. */
export function checkSchema(schema: unknown, profile: Profile): ProviderSchemaViolation[] {
  const ctx: CheckContext = {
    profile,
    violations: [],
    tokens: [],
    nodes: 0,
    stopped: false,
    properties: 0,
    enumValues: 0,
    stringLength: 0,
  }
  if (!isRecord(schema) || typesOf(schema).length !== 1 || typesOf(schema)[0] !== 'object') {
    ctx.violations.push({
      rule: 'root-object',
      pointer: '',
      message: 'the root must be an object schema with `type: "object"`',
    })
  }
  checkNode(schema, ctx, 0)
  const limits = profile.strict
  if (limits !== undefined) {
    if (ctx.properties > limits.maxProperties)
      ctx.violations.push({
        rule: 'strict-max-properties',
        pointer: '',
        message: `${ctx.properties} object properties, more than ${limits.maxProperties}`,
      })
    if (ctx.enumValues > limits.maxEnumValues)
      ctx.violations.push({
        rule: 'strict-max-enum-values',
        pointer: '',
        message: `${ctx.enumValues} enum values, more than ${limits.maxEnumValues}`,
      })
    if (ctx.stringLength > limits.maxStringLength)
      ctx.violations.push({
        rule: 'strict-max-string-length',
        pointer: '',
        message: `names and values total ${ctx.stringLength} characters, more than ${limits.maxStringLength}`,
      })
  }
  return ctx.violations
}
