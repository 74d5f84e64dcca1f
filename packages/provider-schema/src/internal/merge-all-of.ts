import type { RefPath, RefResolver } from '@x/schema-ref'
import { isRecord, own, setOwn } from './own.js'

/**
 * One schema for an `allOf` whose members are all objects (references
 * followed): the node's own keywords first, then each member's; `properties`
 * merged (a name declared twice keeps both through a nested `allOf`),
 * `required` united, `type` intersected. Undefined when a member cannot be
 * read (a boolean, a dangling or self-entering reference): the caller sends
 * the position as JSON text.
 */
export function mergeAllOf(
  node: Record<string, unknown>,
  resolver: RefResolver,
  path: RefPath | undefined,
): { schema: Record<string, unknown>; path: RefPath | undefined } | undefined {
  const members = own(node, 'allOf')
  if (!Array.isArray(members)) return undefined
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(node)) if (key !== 'allOf') setOwn(out, key, node[key])
  let properties: Record<string, unknown> | undefined = isRecord(out.properties) ? { ...out.properties } : undefined
  const required = new Set(Array.isArray(out.required) ? out.required : [])
  let current = path
  for (const member of members) {
    const resolved =
      typeof own(isRecord(member) ? member : {}, '$ref') === 'string'
        ? resolver.resolveOnPath(member, current)
        : { schema: member, path: current }
    if (resolved === undefined || !isRecord(resolved.schema) || typeof own(resolved.schema, '$ref') === 'string')
      return undefined
    current = resolved.path
    const schema = resolved.schema
    for (const key of Object.keys(schema)) {
      const value = schema[key]
      if (key === 'properties' && isRecord(value)) {
        properties ??= {}
        for (const name of Object.keys(value)) {
          setOwn(
            properties,
            name,
            Object.hasOwn(properties, name) ? { allOf: [properties[name], value[name]] } : value[name],
          )
        }
      } else if (key === 'required' && Array.isArray(value)) {
        for (const name of value) required.add(name)
      } else if (key === 'type' && Object.hasOwn(out, 'type')) {
        const mine = Array.isArray(out.type) ? out.type : [out.type]
        const theirs = Array.isArray(value) ? value : [value]
        const both = mine.filter((type) => theirs.includes(type))
        if (both.length > 0) out.type = both.length === 1 ? both[0] : both
      } else if (!Object.hasOwn(out, key)) setOwn(out, key, value)
    }
  }
  if (properties !== undefined) out.properties = properties
  if (required.size > 0) out.required = [...required]
  return { schema: out, path: current }
}
