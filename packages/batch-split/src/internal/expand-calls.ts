import type { Change, Child } from './child.js'
import type { IdFormat } from './id-formats.js'
import { IdRegistry, callIdMessage } from './ids.js'
import { isRecord, own } from './json.js'
import { CallMatcher, PROVIDER_LIST_NAMES, PROVIDER_LISTS, rewriteList } from './provider-lists.js'

/** Reads a call's `function` record and says what it splits into, or `undefined` to leave it. */
export type Planner = (fn: Record<string, unknown>) => Child[] | undefined

/** `{ toolCalls }` plus every provider list `options` gives, as given. */
export function untouched(toolCalls: unknown, options: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = { toolCalls }
  if (!isRecord(options)) return result
  for (const name of PROVIDER_LIST_NAMES) if (own(options, name) !== undefined) result[name] = options[name]
  return result
}

/**
 * What a call whose input cannot be read (a throwing getter, a revoked
 * Proxy) returns: `{ toolCalls }` as given, plus every provider list that can
 * still be read, as given. A list whose read throws is left out.
 */
export function passThrough(toolCalls: unknown, options: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = { toolCalls }
  for (const name of PROVIDER_LIST_NAMES) {
    try {
      const list = isRecord(options) ? own(options, name) : undefined
      if (list !== undefined) result[name] = list
    } catch {
      // Unreadable: nothing to pass on.
    }
  }
  return result
}

function childIds(parent: unknown, children: readonly Child[], taken: IdRegistry, format: IdFormat): string[] {
  // A missing or non-string parent id seeds the hash as "": ids stay deterministic.
  const parentId = typeof parent === 'string' ? parent : ''
  // The first child keeps the parent's id, so whatever already pairs with it
  // (the provider's own block, a streamed result) still does; an id the
  // provider would reject is replaced, by the derived id for index 0, which
  // no sibling can have.
  const keepParent = format.accepts.test(parentId)
  const ids: string[] = []
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    const id =
      index === 0 && keepParent ? parentId : format.derive(callIdMessage(child.name, parentId + child.arguments, index))
    ids.push(taken.claim(id))
  }
  return ids
}

function childCalls(call: Record<string, unknown>, fn: Record<string, unknown>, change: Change): unknown[] {
  const children = change.children ?? []
  return children.map((child, index) =>
    index === 0
      ? { ...call, id: change.ids[0], function: { ...fn, name: child.name, arguments: child.arguments } }
      : { id: change.ids[index], type: 'function', function: { name: child.name, arguments: child.arguments } },
  )
}

/**
 * The shared engine of both expansions: plans every call, assigns ids
 * (kept, derived, then made unique over the whole list, all in `format`),
 * and rewrites every provider list of the table in step. Returns the very
 * same arrays when nothing changed.
 */
export function expandCalls(
  toolCalls: unknown,
  options: unknown,
  plan: Planner,
  format: IdFormat,
): Record<string, unknown> {
  if (!Array.isArray(toolCalls)) return untouched(toolCalls, options)
  const calls: readonly unknown[] = toolCalls
  const changes: Array<Change | undefined> = new Array<Change | undefined>(calls.length)
  const taken = new IdRegistry(format)
  const out: unknown[] = []
  let changed = false
  for (let index = 0; index < calls.length; index++) {
    const call = calls[index]
    if (!isRecord(call)) {
      out.push(call)
      continue
    }
    const fn = own(call, 'function')
    const children = isRecord(fn) ? plan(fn) : undefined
    if (children !== undefined && isRecord(fn)) {
      const change: Change = { ids: childIds(own(call, 'id'), children, taken, format), children }
      changes[index] = change
      for (const child of childCalls(call, fn, change)) out.push(child)
      changed = true
      continue
    }
    const id = own(call, 'id')
    // Blank and non-string ids are "no id": nothing to pair, nothing to repair.
    const unique = typeof id === 'string' && id !== '' ? taken.claim(id) : id
    if (unique === id) {
      out.push(call)
      continue
    }
    changes[index] = { ids: [unique as string], children: undefined }
    out.push({ ...call, id: unique })
    changed = true
  }
  if (!changed) return untouched(toolCalls, options)

  const result = untouched(out, options)
  const matcher = new CallMatcher(calls)
  const nameAt = (index: number): unknown => {
    const call = calls[index]
    const fn = isRecord(call) ? own(call, 'function') : undefined
    return isRecord(fn) ? own(fn, 'name') : undefined
  }
  for (const name of PROVIDER_LIST_NAMES) {
    if (Object.hasOwn(result, name))
      result[name] = rewriteList(result[name], PROVIDER_LISTS[name], { matcher: matcher.restart(), changes, nameAt })
  }
  return result
}
