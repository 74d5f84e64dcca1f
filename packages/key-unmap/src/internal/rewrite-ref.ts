import { formatFragment, parseFragment } from '@x/json-pointer'
import { keywordKind } from './keywords.js'
import type { KeywordKind } from './keywords.js'
import { getOwn, isObject } from './own.js'
import type { Profile } from './profile.js'
import { NO_RENAMES, propertyRenames, renamedName } from './property-renames.js'

function step(node: unknown, token: string): unknown {
  if (Array.isArray(node)) return /^(?:0|[1-9][0-9]*)$/.test(token) ? node[Number(token)] : undefined
  return isObject(node) ? getOwn(node, token) : undefined
}

/**
 * Rewrites a document-local `$ref` whose pointer passes through a renamed
 * property (zod-to-json-schema's `#/properties/<name>/...` style), so that
 * it resolves in the sanitized schema to the node it meant in the original.
 *
 * The pointer is walked through the original document keeping track of what
 * each token is: after `properties` comes a property name (renamed), after
 * `$defs` a definition name (kept), after anything that is not a schema
 * keyword, data (kept) until a node that some `$ref` points at
 * (`schemaTargets`), which is a schema again. Remote refs, anchors,
 * unparsable or dangling pointers are returned as they are.
 */
export function rewriteRef(ref: string, root: unknown, profile: Profile, schemaTargets: ReadonlySet<unknown>): string {
  if (ref.charCodeAt(0) !== 35 || ref.length < 2) return ref
  let tokens: string[]
  try {
    tokens = parseFragment(ref)
  } catch {
    return ref
  }
  let node = root
  let owner: Record<string, unknown> | undefined
  let expect: KeywordKind | 'keyword' = 'keyword'
  let changed = false
  for (let index = 0; index < tokens.length && node !== undefined; index++) {
    const token = tokens[index]!
    let next: KeywordKind | 'keyword' = 'keyword'
    // Inside data (`#/components/schemas/...`), a node that some `$ref`
    // points at is read as a schema again.
    if (expect === 'opaque' && schemaTargets.has(node)) expect = 'keyword'
    if (expect === 'keyword') {
      if (!isObject(node)) break
      owner = node
      next = keywordKind(token)
      if (next === 'items') next = Array.isArray(getOwn(node, token)) ? 'list' : 'keyword'
      else if (next === 'schema') next = 'keyword'
    } else if (expect === 'properties' || expect === 'named') {
      if (!isObject(node)) break
      const map = expect === 'properties' ? node : getOwn(owner ?? {}, 'properties')
      const renames = isObject(map) ? propertyRenames(map, profile) : NO_RENAMES
      const renamed =
        expect === 'properties' ? (renames.toSanitized.get(token) ?? token) : renamedName(token, renames, profile)
      if (renamed !== token) {
        tokens[index] = renamed
        changed = true
      }
    } else if (expect === 'opaque') {
      next = 'opaque'
    }
    node = step(node, token)
    expect = next
  }
  if (!changed) return ref
  try {
    return formatFragment(tokens)
  } catch {
    return ref
  }
}
