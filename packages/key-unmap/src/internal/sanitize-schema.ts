import { keywordKind, MAX_DEPTH } from './keywords.js'
import { getOwn, isObject, setOwn } from './own.js'
import type { Profile } from './profile.js'
import { NO_RENAMES, propertyRenames, renamedName } from './property-renames.js'
import type { Renames } from './property-renames.js'
import { parseFragment } from '@x/json-pointer'
import { collectRefTargets, graftAll, refTarget } from './ref-targets.js'
import type { Graft } from './ref-targets.js'
import { rewriteRef } from './rewrite-ref.js'

interface State {
  readonly root: unknown
  readonly profile: Profile
  // A sub-schema object reached twice (shared, or a JS-level cycle) is
  // rewritten once: sharing in, sharing out.
  readonly done: Map<object, unknown>
  readonly active: Set<object>
  /** Every `$ref` met at a schema position, to find targets kept outside the schema keywords. */
  readonly refs: string[]
  readonly schemaTargets: ReadonlySet<unknown>
}

type KeyMapper = ((key: string) => string) | undefined
type ValueMapper = (value: unknown, key: string) => unknown

// Copy-on-write over an object: the same object back when nothing changed,
// else a frozen copy in the same key order.
function mapObject(source: Record<string, unknown>, mapKey: KeyMapper, mapValue: ValueMapper): Record<string, unknown> {
  const keys = Object.keys(source)
  let out: Record<string, unknown> | undefined
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    const value = source[key]
    const nextKey = mapKey === undefined ? key : mapKey(key)
    const nextValue = mapValue(value, key)
    if (out === undefined && (nextKey !== key || nextValue !== value)) {
      out = {}
      for (let before = 0; before < index; before++) setOwn(out, keys[before]!, source[keys[before]!])
    }
    if (out !== undefined) setOwn(out, nextKey, nextValue)
  }
  return out === undefined ? source : Object.freeze(out)
}

function mapArray(source: readonly unknown[], mapper: (value: unknown) => unknown): readonly unknown[] {
  let out: unknown[] | undefined
  for (let index = 0; index < source.length; index++) {
    const value = source[index]
    const next = mapper(value)
    if (out === undefined && next !== value) out = source.slice(0, index)
    if (out !== undefined) out.push(next)
  }
  return out === undefined ? source : Object.freeze(out)
}

function keyword(key: string, value: unknown, renames: Renames, state: State, depth: number): unknown {
  const schema = (child: unknown): unknown => sanitizeSchema(child, state, depth + 1)
  const rename = (property: string): string => renamedName(property, renames, state.profile)
  const name = (child: unknown): unknown => (typeof child === 'string' ? rename(child) : child)
  switch (keywordKind(key)) {
    case 'properties':
      return isObject(value)
        ? mapObject(
            value,
            renames.toSanitized.size === 0 ? undefined : (property) => renames.toSanitized.get(property) ?? property,
            schema,
          )
        : value
    case 'named':
      return isObject(value)
        ? mapObject(value, rename, (child) => (Array.isArray(child) ? mapArray(child, name) : schema(child)))
        : value
    case 'map':
      return isObject(value) ? mapObject(value, undefined, schema) : value
    case 'list':
      return Array.isArray(value) ? mapArray(value, schema) : value
    case 'items':
      return Array.isArray(value) ? mapArray(value, schema) : schema(value)
    case 'schema':
      return schema(value)
    case 'opaque':
      if (key === 'required') return Array.isArray(value) ? mapArray(value, name) : value
      if (key === 'dependentRequired') {
        return isObject(value)
          ? mapObject(value, rename, (child) => (Array.isArray(child) ? mapArray(child, name) : child))
          : value
      }
      if (key === '$ref' && typeof value === 'string') {
        state.refs.push(value)
        return rewriteRef(value, state.root, state.profile, state.schemaTargets)
      }
      if (key === 'discriminator') return discriminator(value, rename, state)
      return value
  }
}

/**
 * An OpenAPI discriminator as the sanitized schema must spell it: its
 * `propertyName` renamed like the tag property (as `required` is), its
 * `mapping` pointers rewritten like the branch `$ref`s they name, since
 * branch choice compares the two strings. Anything else in it is data.
 */
function discriminator(value: unknown, rename: (property: string) => string, state: State): unknown {
  if (!isObject(value)) return value
  return mapObject(value, undefined, (child, key) => {
    if (key === 'propertyName') return typeof child === 'string' ? rename(child) : child
    if (key !== 'mapping' || !isObject(child)) return child
    return mapObject(child, undefined, (target) =>
      typeof target === 'string' ? rewriteRef(target, state.root, state.profile, state.schemaTargets) : target,
    )
  })
}

/** One schema node rewritten: renamed `properties` keys at any depth, `required` and friends remapped, `$ref` pointers kept resolving. */
export function sanitizeSchema(node: unknown, state: State, depth: number): unknown {
  if (!isObject(node) || depth > MAX_DEPTH) return node
  const done = state.done.get(node)
  if (done !== undefined) return done
  if (state.active.has(node)) return node
  state.active.add(node)
  const properties = getOwn(node, 'properties')
  const renames = isObject(properties) ? propertyRenames(properties, state.profile) : NO_RENAMES
  const result = mapObject(node, undefined, (value, key) => keyword(key, value, renames, state, depth))
  state.active.delete(node)
  state.done.set(node, result)
  return result
}

function graftTokens(pointer: string): string[] | undefined {
  try {
    return parseFragment(pointer)
  } catch {
    return undefined
  }
}

/**
 * Sanitizes a whole document, `root` being where its `#` pointers start.
 *
 * A `$ref` may point into a place no schema keyword leads to (OpenAPI's
 * `#/components/schemas/X`, a vendor `x-defs`): the model reads that target
 * as a schema, so its names must be valid too. Such targets are sanitized
 * after the walk and put back in their place.
 */
export function sanitizeDocument(root: unknown, profile: Profile): unknown {
  const state: State = {
    root,
    profile,
    done: new Map(),
    active: new Set(),
    refs: [],
    schemaTargets: collectRefTargets(root),
  }
  let result = sanitizeSchema(root, state, 0)
  const grafts: Graft[] = []
  // `refs` grows while targets are sanitized: targets of targets are found too.
  for (let index = 0; index < state.refs.length; index++) {
    const ref = state.refs[index]!
    const target = refTarget(root, ref)
    if (!isObject(target) || state.done.has(target)) continue
    const tokens = graftTokens(rewriteRef(ref, root, profile, state.schemaTargets))
    // A target deeper than the depth bound stays as it is, like any schema
    // nested that deep: putting it back would walk one level per token.
    if (tokens === undefined || tokens.length > MAX_DEPTH) continue
    const value = sanitizeSchema(target, state, 1)
    if (value !== target) grafts.push({ tokens, value })
  }
  if (grafts.length > 0) result = graftAll(result, grafts)
  return result
}
