import { createRefResolver } from '@x/schema-ref'
import type { RefPath, RefResolver } from '@x/schema-ref'
import { tagMappedBranches } from './discriminator-tags.js'
import { finishNode, isObjectLike } from './finish.js'
import type { Place } from './finish.js'
import { jsonText } from './json-text.js'
import { SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js'
import { LIMITS } from './limits.js'
import type { Marks } from './marks.js'
import { derive } from './marks.js'
import { mergeAllOf } from './merge-all-of.js'
import { isNullBranch } from './open-api.js'
import { isRecord, own, setOwn, typesOf } from './own.js'
import type { Profile } from './profiles.js'
import type { StrictBudget } from './strict.js'
import { createBudget, strictWrapper } from './strict.js'

interface RewriteContext {
  readonly profile: Profile
  readonly inline: boolean
  readonly resolver: RefResolver
  readonly marks: Marks
  readonly budget: StrictBudget
  nodes: number
}

/** The schema the provider is shown, with the tool's own property names (renaming comes after). */
export interface Rewritten {
  readonly schema: Readonly<Record<string, unknown>>
  /** Set when a root that is not an object was wrapped as this one property. */
  readonly wrap: string | undefined
}

/** The property that carries a root that is not an object. */
export const WRAP_PROPERTY = 'value'

// Where a boolean is the keyword's own switch (`additionalProperties: false`
// closes an object), providers take it as it is: it is not a boolean schema to rewrite.
const BOOLEAN_KEYWORDS = new Set([
  'additionalProperties',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
  'items',
])

const UNION_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'enum', 'const']

/** How many `allOf` levels are merged into one position before it is sent as JSON text instead. */
const MAX_MERGES = 8

function cut(ctx: RewriteContext, node: unknown, why: string): unknown {
  const description =
    isRecord(node) && typeof own(node, 'description') === 'string' ? `${own(node, 'description') as string} ` : ''
  if (ctx.profile.typedPositions) return jsonText(ctx.marks, {}, `${description}(JSON text of any value: ${why}.)`)
  return Object.freeze({ description: `${description}(Any JSON value: ${why}.)` })
}

function rewriteChildren(
  node: Record<string, unknown>,
  ctx: RewriteContext,
  path: RefPath | undefined,
  depth: number,
  objects: number,
): Record<string, unknown> {
  let out: Record<string, unknown> | undefined
  const keys = Object.keys(node)
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    const value = node[key]
    let next = value
    if (ctx.inline && (key === '$defs' || key === 'definitions')) next = undefined
    // A keyword the provider refuses is dropped (and noted) as it was written: nothing inside it is rewritten.
    else if (ctx.profile.keywords !== undefined && !ctx.profile.keywords.has(key)) next = value
    else if (SCHEMA_MAP_KEYWORDS.includes(key) && isRecord(value)) {
      let map: Record<string, unknown> | undefined
      for (const name of Object.keys(value)) {
        const child = rewriteNode(value[name], ctx, path, depth + 1, objects, false)
        if (child !== value[name] && map === undefined) {
          map = {}
          for (const earlier of Object.keys(value)) {
            if (earlier === name) break
            setOwn(map, earlier, value[earlier])
          }
        }
        if (map !== undefined) setOwn(map, name, child)
      }
      if (map !== undefined) next = Object.freeze(map)
    } else if (SCHEMA_LIST_KEYWORDS.includes(key) && Array.isArray(value)) {
      const list = value.map((child: unknown) => rewriteNode(child, ctx, path, depth + 1, objects, false))
      if (list.some((child, position) => child !== value[position])) next = Object.freeze(list)
    } else if (
      SCHEMA_KEYWORDS.includes(key) &&
      (isRecord(value) || (typeof value === 'boolean' && !BOOLEAN_KEYWORDS.has(key)))
    ) {
      next = rewriteNode(value, ctx, path, depth + 1, objects, false)
    }
    if (next !== value && out === undefined) {
      out = {}
      for (let earlier = 0; earlier < index; earlier++) setOwn(out, keys[earlier]!, node[keys[earlier]!])
    }
    if (out !== undefined && next !== undefined) setOwn(out, key, next)
  }
  return out === undefined ? node : Object.freeze(out)
}

/**
 * What has to happen before the children are rewritten: `allOf` merged,
 * `oneOf` read as `anyOf`, the outer `type` given to untyped branches and,
 * for OpenAPI, null branches folded into `nullable`. Undefined when the
 * position cannot be merged (it is then sent as JSON text).
 */
function prepareNode(
  node: Record<string, unknown>,
  ctx: RewriteContext,
  path: RefPath | undefined,
): { schema: Record<string, unknown>; path: RefPath | undefined } | undefined {
  const { profile } = ctx
  let schema = ctx.inline ? tagMappedBranches(node) : node
  let current = path
  if (profile.mergeAllOf) {
    for (let merges = 0; Array.isArray(own(schema, 'allOf')); merges++) {
      const merged = merges < MAX_MERGES ? mergeAllOf(schema, ctx.resolver, current) : undefined
      if (merged === undefined) return undefined
      schema = merged.schema
      current = merged.path
    }
  }
  if (profile.keywords !== undefined && !profile.keywords.has('oneOf') && Array.isArray(own(schema, 'oneOf'))) {
    if (own(schema, 'anyOf') !== undefined) return undefined
    const { oneOf, ...rest } = schema
    schema = { ...rest, anyOf: oneOf }
  }
  const anyOf = own(schema, 'anyOf')
  if (profile.typedPositions && Array.isArray(anyOf)) {
    const type = own(schema, 'type')
    // A branch that admits nothing (`false`, zod's `{ not: {} }`) cannot be taken: it goes.
    let branches = anyOf.filter((branch) => !isNever(branch))
    let nullable = false
    if (profile.openApi && branches.some(isNullBranch)) {
      nullable = true
      branches = branches.filter((branch) => !isNullBranch(branch))
    }
    if (type !== undefined)
      branches = branches.map((branch) =>
        isRecord(branch) && own(branch, 'type') === undefined && own(branch, '$ref') === undefined
          ? { ...branch, type }
          : branch,
      )
    if (branches.length === 0) branches = anyOf
    if (branches.length !== anyOf.length || branches.some((branch, index) => branch !== anyOf[index]))
      schema = { ...schema, anyOf: branches, ...(nullable ? { nullable: true } : {}) }
  }
  return { schema, path: current }
}

function isNever(schema: unknown): boolean {
  return (
    schema === false ||
    (isRecord(schema) &&
      Object.keys(schema).length === 1 &&
      isRecord(schema.not) &&
      Object.keys(schema.not).length === 0)
  )
}

function rewriteNode(
  node: unknown,
  ctx: RewriteContext,
  path: RefPath | undefined,
  depth: number,
  objects: number,
  root: boolean,
): unknown {
  ctx.nodes++
  if (depth > LIMITS.maxSchemaDepth) return cut(ctx, node, `nested deeper than ${LIMITS.maxSchemaDepth} levels`)
  if (ctx.nodes > LIMITS.maxSchemaNodes) return cut(ctx, node, `the schema exceeds ${LIMITS.maxSchemaNodes} positions`)
  // A boolean schema: `true` admits anything, as `{}` does; providers read objects only.
  if (node === true) return rewriteNode(Object.freeze({}), ctx, path, depth, objects, root)
  if (node === false) return rewriteNode(Object.freeze({ not: Object.freeze({}) }), ctx, path, depth, objects, root)
  if (!isRecord(node)) return node
  let current: Record<string, unknown> = node
  let currentPath = path
  if (ctx.inline && typeof own(node, '$ref') === 'string') {
    const resolved = ctx.resolver.resolveOnPath(node, path)
    if (resolved === undefined) return cut(ctx, node, 'the schema refers to itself here')
    if (resolved.schema === true || !isRecord(resolved.schema))
      return rewriteNode(resolved.schema === true ? true : {}, ctx, path, depth, objects, root)
    current = resolved.schema
    currentPath = resolved.path
    // Still a reference: remote, an anchor or dangling; nothing to inline, so the position admits anything.
    if (typeof own(current, '$ref') === 'string') {
      const { $ref: _ref, ...rest } = current
      current = rest
    }
  }
  const prepared = prepareNode(current, ctx, currentPath)
  if (prepared === undefined) return jsonText(ctx.marks, current)
  if (prepared.schema !== current) current = derive(ctx.marks, undefined, prepared.schema)
  currentPath = prepared.path
  const inner = isObjectLike(current) ? objects + 1 : objects
  const walked = rewriteChildren(current, ctx, currentPath, depth, inner)
  const place: Place = { root, objectDepth: inner }
  return finishNode(ctx.profile, ctx.marks, ctx.budget, walked, place)
}

function isObjectRoot(schema: Record<string, unknown>): boolean {
  const types = typesOf(schema)
  return (
    types.length === 1 &&
    types[0] === 'object' &&
    own(schema, 'anyOf') === undefined &&
    own(schema, 'oneOf') === undefined
  )
}

/** The root as the provider accepts it: an object schema, references followed, every rule applied. */
export function rewriteSchema(schema: unknown, profile: Profile, marks: Marks): Rewritten {
  const resolver = createRefResolver(schema)
  const resolved = isRecord(schema) ? resolver.resolve(schema) : undefined
  let root: Record<string, unknown> = isRecord(resolved) ? resolved : Object.freeze({})
  const types = typesOf(root)
  if (types.length === 0 && !UNION_KEYWORDS.some((keyword) => Object.hasOwn(root, keyword))) {
    root = derive(marks, undefined, { ...root, type: 'object' })
  } else if (types.length > 1 && types.includes('object') && own(root, 'properties') !== undefined) {
    root = derive(marks, undefined, { ...root, type: 'object' })
  }
  let wrap = !isObjectRoot(root)
  const ctx: RewriteContext = {
    profile,
    inline: profile.inlineRefs || wrap,
    resolver,
    marks,
    budget: createBudget(),
    nodes: 0,
  }
  const walked = rewriteNode(root, ctx, undefined, 0, 0, !wrap) as Record<string, unknown>
  if (!isRecord(walked) || !isObjectRoot(walked)) wrap = true
  if (!wrap) return { schema: walked, wrap: undefined }
  const wrapper =
    profile.strict !== undefined
      ? strictWrapper(WRAP_PROPERTY, walked)
      : { type: 'object', properties: { [WRAP_PROPERTY]: walked }, required: [WRAP_PROPERTY] }
  return { schema: derive(marks, undefined, wrapper), wrap: WRAP_PROPERTY }
}
