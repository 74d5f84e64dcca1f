import { sanitizeToolSchema } from '@x/key-unmap'
import { createRefResolver, readConstTag } from '@x/schema-ref'
import type { RefResolver } from '@x/schema-ref'
import { LIMITS } from './limits.js'
import type { Marks } from './marks.js'
import type { NameRule } from './name-rule.js'
import { satisfies } from './name-rule.js'
import type { Profile } from './profiles.js'

type KeyProfile = Profile['keyProfile']
import { isRecord, own, setOwn, typesOf } from './own.js'

/** One declared property: the name the model was shown and what to do inside it. */
export interface Field {
  readonly sent: string
  readonly plan: Plan
}

/**
 * What the arguments at one schema position need between the tool's form and
 * the model's form: keys renamed, strict-mode nulls, JSON text.
 */
export interface Plan {
  json: boolean
  /** The position's declared `type`s (to tell which union branch a scalar belongs to). */
  types: readonly string[]
  /**
   * The JSON types of a `const` or `enum` position that declares no `type`:
   * without them such a position reads as "any value", and an array of
   * objects would enter a union's array-of-`const` branch before its own.
   */
  valueTypes: readonly string[]
  /** `additionalProperties: false`: an object with another key is not of this position. */
  closed: boolean
  /** `patternProperties`: a key not declared may be one of its, so neither `closed` nor `additional` judges it. */
  patterned: boolean
  /** The properties the tool requires (strict mode's added ones excluded): an object without one is not of this position. */
  required: ReadonlySet<string> | undefined
  fields: Map<string, Field> | undefined
  /** Properties whose `const` or one-value `enum` names this position among union branches, with that value. */
  tags: Array<{ readonly key: string; readonly value: unknown }> | undefined
  optional: ReadonlySet<string> | undefined
  additional: Plan | undefined
  items: Plan | undefined
  prefix: Plan[] | undefined
  /** `anyOf` / `oneOf`: the branch that fits the value applies. */
  branches: Plan[] | undefined
  /** `allOf`: every member applies. */
  all: Plan[] | undefined
}

/** The plan of a position where nothing ever changes (a leaf, or past a bound). */
export const EMPTY_PLAN: Plan = Object.freeze({
  json: false,
  types: [],
  valueTypes: [],
  closed: false,
  patterned: false,
  required: undefined,
  fields: undefined,
  tags: undefined,
  optional: undefined,
  additional: undefined,
  items: undefined,
  prefix: undefined,
  branches: undefined,
  all: undefined,
}) as Plan

/**
 * The sent name of each property of one map, from `@x/key-unmap` itself so
 * the two cannot disagree; undefined when every name is valid already
 * (`@x/key-unmap` never moves a valid name), which spares the probe.
 */
function sentNames(
  properties: Record<string, unknown>,
  keyProfile: KeyProfile,
  rule: NameRule,
): Map<string, string> | undefined {
  if (Object.keys(properties).every((name) => satisfies(name, rule))) return undefined
  const probe: Record<string, unknown> = {}
  for (const name of Object.keys(properties)) setOwn(probe, name, { title: name })
  const sanitized = sanitizeToolSchema({ type: 'object', properties: probe }, { profile: keyProfile }).properties
  const names = new Map<string, string>()
  for (const sent of Object.keys(sanitized)) {
    const title = (sanitized[sent] as { title: string }).title
    names.set(title, sent)
  }
  return names
}

interface BuildContext {
  readonly resolver: RefResolver
  readonly marks: Marks
  readonly keyProfile: KeyProfile
  readonly rule: NameRule
  readonly plans: Map<object, Plan>
  /** Strict nulls or JSON text somewhere: restoring needs a walk beyond `unmapArgKeys`. */
  restores: boolean
  /** A renamed key somewhere. */
  renames: boolean
}

function list(value: unknown, ctx: BuildContext, depth: number): Plan[] | undefined {
  return Array.isArray(value) ? value.map((entry: unknown) => build(entry, ctx, depth + 1)) : undefined
}

function isPureUnion(plan: Plan): boolean {
  return (
    plan.branches !== undefined &&
    !plan.json &&
    plan.types.length === 0 &&
    plan.fields === undefined &&
    plan.items === undefined &&
    plan.prefix === undefined &&
    plan.all === undefined &&
    plan.additional === undefined &&
    plan.optional === undefined &&
    !plan.closed &&
    !plan.patterned
  )
}

/** A union of unions is one union: a branch that is only a union gives its own branches (already flattened). */
function flatten(branches: Plan[]): Plan[] {
  return branches.flatMap((branch) => (isPureUnion(branch) ? branch.branches! : [branch]))
}

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function valueTypesOf(schema: Record<string, unknown>): readonly string[] {
  const values = Object.hasOwn(schema, 'const') ? [own(schema, 'const')] : own(schema, 'enum')
  if (!Array.isArray(values)) return []
  const types = new Set<string>()
  // An enum is as long as the schema that carries it: one pass, no budget needed beyond the schema's own size.
  for (const value of values) types.add(jsonType(value))
  return [...types]
}

function build(node: unknown, ctx: BuildContext, depth: number): Plan {
  if (depth > LIMITS.maxSchemaDepth) return EMPTY_PLAN
  const schema = ctx.resolver.resolve(node)
  if (!isRecord(schema)) return EMPTY_PLAN
  const known = ctx.plans.get(schema)
  if (known !== undefined) return known
  const plan: Plan = { ...EMPTY_PLAN }
  ctx.plans.set(schema, plan)
  plan.json = ctx.marks.jsonText.has(schema)
  plan.optional = ctx.marks.optional.get(schema)
  plan.types = typesOf(schema)
  if (plan.types.length === 0) plan.valueTypes = valueTypesOf(schema)
  // Gemini's OpenAPI form says null with `nullable: true` beside the type: a null value is of this position too.
  if (own(schema, 'nullable') === true) {
    if (plan.types.length > 0 && !plan.types.includes('null')) plan.types = [...plan.types, 'null']
    else if (plan.valueTypes.length > 0 && !plan.valueTypes.includes('null'))
      plan.valueTypes = [...plan.valueTypes, 'null']
  }
  plan.closed = own(schema, 'additionalProperties') === false
  const patterns = own(schema, 'patternProperties')
  plan.patterned = isRecord(patterns) && Object.keys(patterns).length > 0
  const required = own(schema, 'required')
  if (Array.isArray(required))
    plan.required = new Set(
      required.filter((name): name is string => typeof name === 'string' && plan.optional?.has(name) !== true),
    )
  if (plan.json || plan.optional !== undefined) ctx.restores = true
  const properties = own(schema, 'properties')
  if (isRecord(properties)) {
    const sent = sentNames(properties, ctx.keyProfile, ctx.rule)
    plan.fields = new Map()
    for (const name of Object.keys(properties)) {
      const sentName = sent?.get(name) ?? name
      if (sentName !== name) ctx.renames = true
      plan.fields.set(name, { sent: sentName, plan: build(properties[name], ctx, depth + 1) })
      const tag = readConstTag(ctx.resolver.resolve(properties[name]))
      if (tag !== undefined) (plan.tags ??= []).push({ key: name, value: tag.value })
    }
  }
  const additional = own(schema, 'additionalProperties')
  if (isRecord(additional)) plan.additional = build(additional, ctx, depth + 1)
  const items = own(schema, 'items')
  if (isRecord(items)) plan.items = build(items, ctx, depth + 1)
  plan.prefix = list(own(schema, 'prefixItems'), ctx, depth) ?? list(items, ctx, depth)
  const anyOf = list(own(schema, 'anyOf'), ctx, depth)
  const oneOf = list(own(schema, 'oneOf'), ctx, depth)
  plan.branches = anyOf !== undefined || oneOf !== undefined ? flatten([...(anyOf ?? []), ...(oneOf ?? [])]) : undefined
  plan.all = list(own(schema, 'allOf'), ctx, depth)
  return plan
}

/** A working schema's plan, and which directions need it at all. */
export interface Plans {
  readonly plan: Plan
  /** Whether restoring needs the walk (strict nulls, JSON text); renames alone are `unmapArgKeys`'s job. */
  readonly restores: boolean
  /** Whether the model form differs from the tool form anywhere. */
  readonly differs: boolean
}

export function planFor(working: Record<string, unknown>, marks: Marks, profile: Profile): Plans {
  const ctx: BuildContext = {
    resolver: createRefResolver(working),
    marks,
    keyProfile: profile.keyProfile,
    rule: profile.propertyName,
    plans: new Map(),
    restores: false,
    renames: false,
  }
  const plan = build(working, ctx, 0)
  return { plan, restores: ctx.restores, differs: ctx.restores || ctx.renames }
}
