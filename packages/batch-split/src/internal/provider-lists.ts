import type { ProviderListName } from '../types.js'
import type { Change, Child } from './child.js'
import { isRecord, own } from './json.js'

/** The call a provider block carries: its pairing id (any value; only a string pairs) and its tool name. */
export interface BlockCall {
  readonly id: unknown
  readonly name: unknown
}

/**
 * One provider block format: how to find the call a block carries, and how
 * to write the block back when that call was renamed or split. A new format
 * is one row of {@link PROVIDER_LISTS} (and one row of the `ProviderLists`
 * type), nothing else.
 */
export interface ProviderListRow {
  /** The call in `block`, or `undefined` for a block that carries none (thinking, text, ...). */
  readonly callOf: (block: Record<string, unknown>) => BlockCall | undefined
  /** Whether a call block without an id pairs with the call at its position among the call blocks. */
  readonly pairsByPosition: boolean
  /** The block with its pairing id replaced (its call's repeated id was made unique). */
  readonly withId: (block: Record<string, unknown>, id: string) => unknown
  /** The blocks that take the place of a split call's block, one per child, in order. */
  readonly split: (block: Record<string, unknown>, children: readonly Child[], ids: readonly string[]) => unknown[]
}

// Removes a key without `delete` on a shared object: a rest spread copies own keys only.
function without(record: Record<string, unknown>, key: string): Record<string, unknown> {
  if (!Object.hasOwn(record, key)) return record
  const { [key]: _dropped, ...rest } = record
  return rest
}

const anthropicBlocks: ProviderListRow = {
  callOf: (block) =>
    own(block, 'type') === 'tool_use' ? { id: own(block, 'id'), name: own(block, 'name') } : undefined,
  pairsByPosition: false,
  withId: (block, id) => ({ ...block, id }),
  // Later children drop `cache_control`: copying it would multiply the
  // request's cache breakpoints, which Anthropic caps at four.
  split: (block, children, ids) =>
    children.map((child, index) => ({
      ...(index === 0 ? block : without(block, 'cache_control')),
      id: ids[index],
      name: child.name,
      input: child.input,
    })),
}

const toolUseOf = (block: Record<string, unknown>): Record<string, unknown> =>
  own(block, 'toolUse') as Record<string, unknown>

const bedrockBlocks: ProviderListRow = {
  callOf: (block) => {
    const toolUse = own(block, 'toolUse')
    return isRecord(toolUse) ? { id: own(toolUse, 'toolUseId'), name: own(toolUse, 'name') } : undefined
  },
  pairsByPosition: false,
  withId: (block, id) => ({ ...block, toolUse: { ...toolUseOf(block), toolUseId: id } }),
  split: (block, children, ids) =>
    children.map((child, index) => ({
      ...block,
      toolUse: { ...toolUseOf(block), toolUseId: ids[index], name: child.name, input: child.input },
    })),
}

const responsesItems: ProviderListRow = {
  callOf: (item) =>
    own(item, 'type') === 'function_call' ? { id: own(item, 'call_id'), name: own(item, 'name') } : undefined,
  pairsByPosition: false,
  withId: (item, id) => ({ ...item, call_id: id }),
  split: (item, children, ids) => {
    const status = own(item, 'status')
    return children.map((child, index) =>
      index === 0
        ? { ...item, call_id: ids[0], name: child.name, arguments: child.arguments }
        : // A new child gets no item id (`fc_...`): the parent's belongs to the parent's item.
          {
            type: 'function_call',
            call_id: ids[index],
            name: child.name,
            arguments: child.arguments,
            ...(typeof status === 'string' ? { status } : {}),
          },
    )
  },
}

const functionCallOf = (part: Record<string, unknown>): Record<string, unknown> =>
  own(part, 'functionCall') as Record<string, unknown>

const geminiParts: ProviderListRow = {
  callOf: (part) => {
    const call = own(part, 'functionCall')
    return isRecord(call) ? { id: own(call, 'id'), name: own(call, 'name') } : undefined
  },
  // Gemini often sends no ids: a part without one pairs with the call at its
  // position, and only when the names agree.
  pairsByPosition: true,
  withId: (part, id) => ({ ...part, functionCall: { ...functionCallOf(part), id } }),
  split: (part, children, ids) => {
    const call = functionCallOf(part)
    const hasId = typeof own(call, 'id') === 'string'
    return children.map((child, index) => {
      const idField = hasId ? { id: ids[index] } : {}
      return index === 0
        ? { ...part, functionCall: { ...call, name: child.name, args: child.input, ...idField } }
        : // Only the first child keeps the part's `thoughtSignature`: a signature
          // is bound to the part the model produced, not to a copy of it.
          { functionCall: { name: child.name, args: child.input, ...idField } }
    })
  },
}

/** The provider block formats, by option name: the one place a provider format lives. */
export const PROVIDER_LISTS: Readonly<Record<ProviderListName, ProviderListRow>> = {
  anthropicBlocks,
  bedrockBlocks,
  responsesItems,
  geminiParts,
}

/** The option names, in table order. */
export const PROVIDER_LIST_NAMES = Object.keys(PROVIDER_LISTS) as readonly ProviderListName[]

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

/** What the list rewrite needs to know about the input calls and what happened to them. */
export interface ListContext {
  readonly matcher: CallMatcher
  readonly changes: ReadonlyArray<Change | undefined>
  /** The tool name of the input call at `index`. */
  readonly nameAt: (index: number) => unknown
}

/**
 * Rewrites one provider list with its row: the block of a renamed call gets
 * the new id, the block of a split call is replaced in position by one block
 * per child, every other block stays the very same object. The same array
 * back when no block changed; a value that is not an array is returned as is.
 */
export function rewriteList(list: unknown, row: ProviderListRow, context: ListContext): unknown {
  if (!Array.isArray(list)) return list
  const { matcher, changes, nameAt } = context
  let out: unknown[] | undefined
  let position = 0
  for (let index = 0; index < list.length; index++) {
    const block: unknown = list[index]
    const call = isRecord(block) ? row.callOf(block) : undefined
    let replacement: unknown[] | undefined
    if (call !== undefined) {
      const at = position++
      const byId = typeof call.id === 'string'
      const callIndex = byId
        ? matcher.take(call.id as string)
        : row.pairsByPosition && nameAt(at) === call.name
          ? at
          : undefined
      const change = callIndex === undefined ? undefined : changes[callIndex]
      if (change !== undefined) {
        const record = block as Record<string, unknown>
        if (change.children !== undefined) replacement = row.split(record, change.children, change.ids)
        // A block paired by position has no id to rename.
        else if (byId) replacement = [row.withId(record, change.ids[0]!)]
      }
    }
    if (replacement === undefined) {
      out?.push(block)
      continue
    }
    out ??= list.slice(0, index)
    for (const item of replacement) out.push(item)
  }
  return out ?? list
}
