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

function graftAt(node: unknown, tokens: readonly string[], index: number, value: unknown): unknown {
  if (index === tokens.length) return value
  const token = tokens[index]!
  const child = step(node, token)
  if (child === undefined) return node
  const next = graftAt(child, tokens, index + 1, value)
  if (next === child) return node
  if (Array.isArray(node)) {
    const copy = node.slice()
    copy[Number(token)] = next
    return Object.freeze(copy)
  }
  const source = node as Record<string, unknown>
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(source)) setOwn(copy, key, key === token ? next : source[key])
  return Object.freeze(copy)
}

/**
 * Puts `value` at the place `pointer` (a URI fragment, in the sanitized
 * document's spelling) names, copying the objects on the way (copy-on-write,
 * frozen like every object the sanitizer creates).
 */
export function graft(document: unknown, pointer: string, value: unknown): unknown {
  let tokens: string[]
  try {
    tokens = parseFragment(pointer)
  } catch {
    return document
  }
  return graftAt(document, tokens, 0, value)
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
