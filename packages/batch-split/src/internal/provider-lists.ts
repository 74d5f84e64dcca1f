import type { Change } from './child.js'
import { isRecord, own } from './json.js'

/**
 * Finds which input call a provider block belongs to. Ids are consumed in
 * order, so when a provider repeated an id the n-th block with it pairs with
 * the n-th call with it.
 */
export class CallMatcher {
  readonly #queues = new Map<string, number[]>()
  readonly #cursors = new Map<string, number>()

  constructor(toolCalls: readonly unknown[]) {
    for (let index = 0; index < toolCalls.length; index++) {
      const call = toolCalls[index]
      const id = isRecord(call) ? own(call, 'id') : undefined
      if (typeof id !== 'string') continue
      const queue = this.#queues.get(id)
      if (queue === undefined) this.#queues.set(id, [index])
      else queue.push(index)
    }
  }

  /** A fresh cursor over the same calls, for the next provider list. */
  restart(): this {
    this.#cursors.clear()
    return this
  }

  take(id: string): number | undefined {
    const queue = this.#queues.get(id)
    if (queue === undefined) return undefined
    const cursor = this.#cursors.get(id) ?? 0
    if (cursor >= queue.length) return undefined
    this.#cursors.set(id, cursor + 1)
    return queue[cursor]
  }
}

/** Rewrites one block into the blocks that replace it, or `undefined` to keep it as is. */
type Rewrite = (block: unknown, ordinal: { value: number }) => unknown[] | undefined

/** Applies `rewrite` to every block; the same array back when no block changed. */
function rewriteList(list: unknown, rewrite: Rewrite): unknown {
  if (!Array.isArray(list)) return list
  let out: unknown[] | undefined
  const ordinal = { value: 0 }
  for (let index = 0; index < list.length; index++) {
    const block: unknown = list[index]
    const replacement = rewrite(block, ordinal)
    if (replacement === undefined) {
      out?.push(block)
      continue
    }
    out ??= list.slice(0, index)
    for (const item of replacement) out.push(item)
  }
  return out ?? list
}

type Changes = ReadonlyArray<Change | undefined>

function changeFor(matcher: CallMatcher, changes: Changes, id: unknown): Change | undefined {
  if (typeof id !== 'string') return undefined
  const index = matcher.take(id)
  return index === undefined ? undefined : changes[index]
}

// Removes a key without `delete` on a shared object: a rest spread copies own keys only.
function without(record: Record<string, unknown>, key: string): Record<string, unknown> {
  if (!Object.hasOwn(record, key)) return record
  const { [key]: _dropped, ...rest } = record
  return rest
}

export function rewriteAnthropic(list: unknown, matcher: CallMatcher, changes: Changes): unknown {
  return rewriteList(list, (block) => {
    if (!isRecord(block) || own(block, 'type') !== 'tool_use') return undefined
    const change = changeFor(matcher, changes, own(block, 'id'))
    if (change === undefined) return undefined
    if (change.children === undefined) return [{ ...block, id: change.ids[0] }]
    // Later children drop `cache_control`: copying it would multiply the
    // request's cache breakpoints, which Anthropic caps at four.
    return change.children.map((child, index) => ({
      ...(index === 0 ? block : without(block, 'cache_control')),
      id: change.ids[index],
      name: child.name,
      input: child.input,
    }))
  })
}

export function rewriteBedrock(list: unknown, matcher: CallMatcher, changes: Changes): unknown {
  return rewriteList(list, (block) => {
    const toolUse = isRecord(block) ? own(block, 'toolUse') : undefined
    if (!isRecord(block) || !isRecord(toolUse)) return undefined
    const change = changeFor(matcher, changes, own(toolUse, 'toolUseId'))
    if (change === undefined) return undefined
    if (change.children === undefined) return [{ ...block, toolUse: { ...toolUse, toolUseId: change.ids[0] } }]
    return change.children.map((child, index) => ({
      ...block,
      toolUse: { ...toolUse, toolUseId: change.ids[index], name: child.name, input: child.input },
    }))
  })
}

export function rewriteResponses(list: unknown, matcher: CallMatcher, changes: Changes): unknown {
  return rewriteList(list, (item) => {
    if (!isRecord(item) || own(item, 'type') !== 'function_call') return undefined
    const change = changeFor(matcher, changes, own(item, 'call_id'))
    if (change === undefined) return undefined
    if (change.children === undefined) return [{ ...item, call_id: change.ids[0] }]
    const status = own(item, 'status')
    return change.children.map((child, index) =>
      index === 0
        ? { ...item, call_id: change.ids[0], name: child.name, arguments: child.arguments }
        : // A new child gets no item id (`fc_...`): the parent's belongs to the parent's item.
          {
            type: 'function_call',
            call_id: change.ids[index],
            name: child.name,
            arguments: child.arguments,
            ...(typeof status === 'string' ? { status } : {}),
          },
    )
  })
}

export function rewriteGemini(
  list: unknown,
  matcher: CallMatcher,
  changes: Changes,
  nameAt: (index: number) => unknown,
): unknown {
  return rewriteList(list, (part, ordinal) => {
    const call = isRecord(part) ? own(part, 'functionCall') : undefined
    if (!isRecord(part) || !isRecord(call)) return undefined
    const position = ordinal.value++
    const id = own(call, 'id')
    const hasId = typeof id === 'string'
    // Gemini often sends no ids: a part without one pairs with the call at its
    // position, and only when the names agree.
    const change = hasId
      ? changeFor(matcher, changes, id)
      : nameAt(position) === own(call, 'name')
        ? changes[position]
        : undefined
    if (change === undefined) return undefined
    if (change.children === undefined) return hasId ? [{ ...part, functionCall: { ...call, id: change.ids[0] } }] : undefined
    return change.children.map((child, index) => {
      const idField = hasId ? { id: change.ids[index] } : {}
      return index === 0
        ? { ...part, functionCall: { ...call, name: child.name, args: child.input, ...idField } }
        : // Only the first child keeps the part's `thoughtSignature`: a signature
          // is bound to the part the model produced, not to a copy of it.
          { functionCall: { name: child.name, args: child.input, ...idField } }
    })
  })
}
