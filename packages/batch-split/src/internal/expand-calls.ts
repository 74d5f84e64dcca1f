import type { ExpandResult } from '../types.js'
import type { Change, Child } from './child.js'
import { CALL_ID_BYTES, CALL_ID_PREFIX, IdRegistry, callIdMessage, isProviderSafeId } from './ids.js'
import { isRecord, own } from './json.js'
import { sha256Hex } from './sha256-hex.js'
import { CallMatcher, rewriteAnthropic, rewriteBedrock, rewriteGemini, rewriteResponses } from './provider-lists.js'

/** Reads a call's `function` record and says what it splits into, or `undefined` to leave it. */
export type Planner = (fn: Record<string, unknown>) => Child[] | undefined

const LISTS = ['anthropicBlocks', 'bedrockBlocks', 'responsesItems', 'geminiParts'] as const

function untouched(toolCalls: unknown, options: unknown): ExpandResult<unknown> {
  const result: Record<string, unknown> = { toolCalls }
  if (!isRecord(options)) return result as unknown as ExpandResult<unknown>
  for (const key of LISTS) if (own(options, key) !== undefined) result[key] = options[key]
  return result as unknown as ExpandResult<unknown>
}

function childIds(parent: unknown, children: readonly Child[], taken: IdRegistry): string[] {
  // A missing or non-string parent id seeds the hash as "": ids stay deterministic.
  const parentId = typeof parent === 'string' ? parent : ''
  // The first child keeps the parent's id, so whatever already pairs with it
  // (the provider's own block, a streamed result) still does; an id a
  // provider would reject is replaced, by the derived id for index 0, which
  // no sibling can have.
  const keepParent = isProviderSafeId(parentId)
  const ids: string[] = []
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!
    const id =
      index === 0 && keepParent
        ? parentId
        : CALL_ID_PREFIX + sha256Hex(callIdMessage(child.name, parentId + child.arguments, index), CALL_ID_BYTES)
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
 * (kept, derived, then made unique over the whole list), and rewrites the
 * provider lists in step. Returns the very same arrays when nothing changed.
 */
export function expandCalls(toolCalls: unknown, options: unknown, plan: Planner): ExpandResult<unknown> {
  if (!Array.isArray(toolCalls)) return untouched(toolCalls, options)
  const calls: readonly unknown[] = toolCalls
  const changes: Array<Change | undefined> = new Array<Change | undefined>(calls.length)
  const taken = new IdRegistry()
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
      const change: Change = { ids: childIds(own(call, 'id'), children, taken), children }
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

  const result = untouched(out, options) as unknown as Record<string, unknown>
  const matcher = new CallMatcher(calls)
  const nameAt = (index: number): unknown => {
    const call = calls[index]
    const fn = isRecord(call) ? own(call, 'function') : undefined
    return isRecord(fn) ? own(fn, 'name') : undefined
  }
  if (Object.hasOwn(result, 'anthropicBlocks')) result['anthropicBlocks'] = rewriteAnthropic(result['anthropicBlocks'], matcher.restart(), changes)
  if (Object.hasOwn(result, 'bedrockBlocks')) result['bedrockBlocks'] = rewriteBedrock(result['bedrockBlocks'], matcher.restart(), changes)
  if (Object.hasOwn(result, 'responsesItems')) result['responsesItems'] = rewriteResponses(result['responsesItems'], matcher.restart(), changes)
  if (Object.hasOwn(result, 'geminiParts')) result['geminiParts'] = rewriteGemini(result['geminiParts'], matcher.restart(), changes, nameAt)
  return result as unknown as ExpandResult<unknown>
}
