// Test support for the JSON-Schema-Test-Suite conformance test: an
// independent RFC 6901 oracle (no @x/json-pointer) and a reference walker
// that inlines every `$ref` through `resolveOnPath`. Not shipped (tests only).
import type { RefPath, RefResolver } from '../types.js'

type Json = Record<string, unknown>

const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
const LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems'])
const SCHEMA_KEYWORDS = new Set([
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'additionalItems',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'items',
])

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Applies `visit` to each subschema position of `node` (not inside `enum`, `const`, `examples`). */
function children(node: Json, visit: (child: unknown) => unknown): Json {
  const copy: Json = {}
  for (const [key, value] of Object.entries(node)) {
    if (MAP_KEYWORDS.has(key) && isObject(value)) {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, visit(child)]))
    } else if ((LIST_KEYWORDS.has(key) || key === 'items') && Array.isArray(value)) {
      copy[key] = value.map(visit)
    } else if (SCHEMA_KEYWORDS.has(key)) {
      copy[key] = visit(value)
    } else {
      copy[key] = value
    }
  }
  return copy
}

/** Every node in a schema position that carries a string `$ref`. */
export function collectRefNodes(schema: unknown): Array<{ ref: string; node: Json }> {
  const found: Array<{ ref: string; node: Json }> = []
  const visit = (node: unknown): unknown => {
    if (!isObject(node)) return node
    if (typeof node['$ref'] === 'string') found.push({ ref: node['$ref'], node })
    return children(node, visit)
  }
  visit(schema)
  return found
}

/** What RFC 6901 §6 says `ref` designates in `root`: decode, split, unescape, own keys and canonical indices only. */
function designate(root: unknown, ref: string): unknown {
  const tokens = decodeURIComponent(ref.slice(1)).split('/').slice(1)
  let current = root
  for (const raw of tokens) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    if (Array.isArray(current) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < current.length)
      current = current[Number(token)]
    else if (isObject(current) && Object.hasOwn(current, token)) current = current[token]
    else return undefined
  }
  return current
}

/** The expected resolution of `node`: its chain followed by the oracle, siblings overlaid, the referenced schema winning. */
export function designatedResolution(root: unknown, node: Json): unknown {
  const links: Json[] = [node]
  let target = designate(root, node['$ref'] as string)
  while (isObject(target) && typeof target['$ref'] === 'string') {
    if (links.includes(target)) return node
    links.push(target)
    target = designate(root, target['$ref'])
  }
  if (typeof target === 'boolean') return target
  if (!isObject(target)) return node
  return links.reduceRight<Json>((resolved, link) => {
    const { $ref: _dropped, ...siblings } = link
    return Object.keys(siblings).length === 0 ? resolved : { ...siblings, ...resolved }
  }, target)
}

export const RECURSIVE = Symbol('recursive')

/** The schema with every `$ref` replaced by its resolution, or `RECURSIVE` when a branch re-enters itself. */
export function inlineRefs(resolver: RefResolver, schema: unknown): unknown {
  const walk = (node: unknown, path: RefPath | undefined): unknown => {
    const resolved = resolver.resolveOnPath(node, path)
    if (resolved === undefined) throw RECURSIVE
    return isObject(resolved.schema)
      ? children(resolved.schema, (child) => walk(child, resolved.path))
      : resolved.schema
  }
  try {
    return walk(schema, undefined)
  } catch (error) {
    if (error === RECURSIVE) return RECURSIVE
    throw error
  }
}
