import { get, parseFragment } from '@x/json-pointer'
import { getOwn, isObject, setOwn } from './own.js'

function step(node: unknown, token: string): unknown {
  if (Array.isArray(node)) return /^(?:0|[1-9][0-9]*)$/.test(token) ? node[Number(token)] : undefined
  return isObject(node) ? getOwn(node, token) : undefined
}

/** The node a document-local `$ref` points at, or undefined (remote, anchor, unparsable, dangling). */
export function refTarget(root: unknown, ref: string): unknown {
  if (ref.charCodeAt(0) !== 35) return undefined
  try {
    return get(root, parseFragment(ref))
  } catch {
    return undefined
  }
}

/** Where grafts go: one node per pointer token, a value where a pointer ends. */
interface GraftNode {
  value: unknown
  ends: boolean
  readonly children: Map<string, GraftNode>
}

/** A sanitized `$ref` target and where it goes, as pointer tokens in the sanitized document's spelling. */
export interface Graft {
  readonly tokens: readonly string[]
  readonly value: unknown
}

const graftNode = (): GraftNode => ({ value: undefined, ends: false, children: new Map() })

// Copy-on-write of one container with every changed child at once: a
// container that receives thousands of grafts is copied once, not once per graft.
function withChildren(node: unknown, changes: ReadonlyMap<string, unknown>): unknown {
  if (Array.isArray(node)) {
    const copy = node.slice()
    for (const [token, next] of changes) copy[Number(token)] = next
    return Object.freeze(copy)
  }
  const source = node as Record<string, unknown>
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(source)) setOwn(copy, key, changes.has(key) ? changes.get(key) : source[key])
  return Object.freeze(copy)
}

// Recursion is one frame per pointer token: the caller keeps pointers within
// the depth bound.
function graftInto(node: unknown, at: GraftNode): unknown {
  const base = at.ends ? at.value : node
  let changes: Map<string, unknown> | undefined
  for (const [token, child] of at.children) {
    const current = step(base, token)
    if (current === undefined) continue
    const next = graftInto(current, child)
    if (next !== current) (changes ??= new Map()).set(token, next)
  }
  return changes === undefined ? base : withChildren(base, changes)
}

/**
 * Puts every graft's value at the place its tokens name, in one pass that
 * copies each container on the way once (copy-on-write, frozen like every
 * object the sanitizer creates). A graft inside another graft's place is
 * put into that value; of two grafts at one place, the later wins; a place
 * that does not exist is skipped.
 */
export function graftAll(document: unknown, grafts: readonly Graft[]): unknown {
  const root = graftNode()
  for (const { tokens, value } of grafts) {
    let at = root
    for (const token of tokens) {
      let child = at.children.get(token)
      if (child === undefined) at.children.set(token, (child = graftNode()))
      at = child
    }
    at.value = value
    at.ends = true
  }
  return graftInto(document, root)
}

/**
 * Every object some document-local `$ref` of the document points at. Read
 * as schemas wherever they sit, so that pointers through them are followed
 * keyword by keyword. Any `$ref` string counts, wherever it appears: at worst
 * a data object is read as a schema for the purpose of a pointer.
 */
export function collectRefTargets(root: unknown): Set<unknown> {
  const targets = new Set<unknown>()
  const seen = new Set<object>()
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const node = stack.pop()
    if (typeof node !== 'object' || node === null || seen.has(node)) continue
    seen.add(node)
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item)
      continue
    }
    const record = node as Record<string, unknown>
    for (const key of Object.keys(record)) {
      const value = record[key]
      if (key === '$ref' && typeof value === 'string') {
        const target = refTarget(root, value)
        if (typeof target === 'object' && target !== null) targets.add(target)
      } else {
        stack.push(value)
      }
    }
  }
  return targets
}
