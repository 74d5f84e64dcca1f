import { alternativesOf } from './alternatives.js'
import { arrayAlternative, objectAlternative } from './choose-alternative.js'
import { cloneTemplate } from './clone-template.js'
import { slotNode } from './compile-node.js'
import { generateKeyOrder } from './generated-key-order.js'
import { isLive } from './is-live.js'
import { keyOrderFor } from './key-order.js'
import { MAX_DEPTH } from './keywords.js'
import type { KeyOrder, Node, Walk } from './node.js'
import { setOwn } from './own.js'
import { storeAt } from './store-at.js'

/** The value's keys are not the key order's, in its order: the caller falls back to the general path. */
const MISMATCH: unique symbol = Symbol('mismatch')

/** At most this many key orders of one schema position get generated code; later ones keep the interpreter. */
const MAX_GENERATED_ORDERS = 8

// A renaming key order used often enough, in a call that may, gets
// generated code (see generated-key-order.ts); null when it cannot.
function generated(order: KeyOrder, node: Node, walk: Walk): KeyOrder['generated'] {
  const known = order.generated
  if (known !== undefined) return walk.codegen ? known : undefined
  const after = walk.settings.generateAfter
  // (Counted in every call: a call without code generation still shows the order is in use.)
  if (++order.uses < after || walk.call < after || !walk.codegen) return undefined
  // A model cycling through many key orders for one object position would
  // otherwise make every few objects compile a function.
  const made =
    node.generatedOrders < MAX_GENERATED_ORDERS
      ? (generateKeyOrder(order, walk.settings, MISMATCH, unmapValue) ?? null)
      : null
  if (made !== null) node.generatedOrders++
  return (order.generated = made)
}

/**
 * One object through one key order: one for...in over the value (V8 reads
 * `value[key]` from its enum cache, where `Object.keys` allocates an array
 * and each read is a lookup by name), checked key by key against the order.
 * Inherited enumerable keys (a polluted prototype) come after the own ones:
 * where the order has another key or none, a mismatch; where the order's
 * last keys happen to be the inherited ones, the last key is not own, and
 * that is a mismatch too (for...in lists own keys first, so the last key
 * being own means every key is). Never a key copied from a prototype. Pure,
 * so a mismatch found halfway only costs the work done so far.
 *
 * Writes are plain assignments (see storeAt): `out` is a clone of the
 * order's template, where every output key, `__proto__` included, is
 * already an own data property, so no assignment reaches the inherited
 * `__proto__` setter.
 */
function unmapInOrder(value: Record<string, unknown>, node: Node, order: KeyOrder, walk: Walk, depth: number): unknown {
  if (order.renames) {
    const run = generated(order, node, walk)
    if (run != null) return run(value, walk, depth)
  }
  const { keys, targets, nodes, template } = order
  let index = 0
  if (order.inert) {
    // (Nothing is copied here, so an inherited key does no harm.)
    for (const key in value) if (keys[index++] !== key) return MISMATCH
    return index === keys.length ? value : MISMATCH
  }
  let out = order.renames ? cloneTemplate(template, order.site) : undefined
  for (const key in value) {
    if (keys[index] !== key) return MISMATCH
    const child = value[key]
    const childNode = nodes[index]
    const next =
      childNode !== undefined && typeof child === 'object' && child !== null
        ? unmapValue(child, childNode, walk, depth + 1)
        : child
    if (out === undefined) {
      if (next === child) {
        index++
        continue
      }
      out = cloneTemplate(template, order.site)
      for (let before = 0; before < index; before++) storeAt(out, before, targets[before]!, value[keys[before]!])
    }
    storeAt(out, index, targets[index]!, next)
    index++
  }
  return index === keys.length && Object.hasOwn(value, keys[index - 1]!) ? (out ?? value) : MISMATCH
}

function unmapObject(value: Record<string, unknown>, node: Node, walk: Walk, depth: number): unknown {
  const last = node.last
  if (last !== undefined) {
    const result = unmapInOrder(value, node, last, walk, depth)
    if (result !== MISMATCH) return result
  }
  const keys = Object.keys(value)
  if (keys.length === 0) return value
  const fixed = alternativesOf(node).fixed
  const alternative = fixed ?? objectAlternative(walk.context, node, value)
  const order = keyOrderFor(walk.context, node, alternative, keys, fixed !== undefined)
  if (order.inert) return value
  // Through the order like every later object of this key order, so each
  // one counts towards its generated code; a mismatch here (inherited
  // enumerable keys after the own ones) continues below.
  const result = unmapInOrder(value, node, order, walk, depth)
  if (result !== MISMATCH) return result
  const { targets, nodes, template } = order
  let out = order.renames ? { ...template } : undefined
  for (let index = 0; index < keys.length; index++) {
    const child = value[keys[index]!]
    const childNode = nodes[index]
    const next =
      childNode !== undefined && typeof child === 'object' && child !== null
        ? unmapValue(child, childNode, walk, depth + 1)
        : child
    if (out === undefined) {
      if (next === child) continue
      out = { ...template }
      for (let before = 0; before < index; before++) setOwn(out, targets[before]!, value[keys[before]!])
    }
    setOwn(out, targets[index]!, next)
  }
  return out ?? value
}

// The first `end` items as own elements, holes kept as holes: `slice` would
// copy a value inherited from a polluted Array.prototype into a hole.
function ownItems(value: readonly unknown[], end: number): unknown[] {
  const out: unknown[] = []
  out.length = end
  for (let index = 0; index < end; index++) if (Object.hasOwn(value, index)) out[index] = value[index]
  return out
}

function unmapArray(value: readonly unknown[], node: Node, walk: Walk, depth: number): unknown {
  const source = arrayAlternative(walk.context, node, value)
  if (source === undefined) return value
  let out: unknown[] | undefined
  for (let index = 0; index < value.length; index++) {
    const child = value[index]
    let next = child
    const slot = source.prefix?.[index] ?? source.items
    // (A hole reads through to Array.prototype: only own items are unmapped.)
    if (slot !== undefined && typeof child === 'object' && child !== null && Object.hasOwn(value, index)) {
      const childNode = slotNode(walk.context, slot)
      if (isLive(walk.context, childNode)) next = unmapValue(child, childNode, walk, depth + 1)
    }
    if (out === undefined && next !== child) out = ownItems(value, index)
    if (out === undefined) continue
    if (Object.hasOwn(value, index)) out[index] = next
    else out.length = index + 1
  }
  return out ?? value
}

/**
 * Objects and arrays one call walks before it remembers what each became.
 * Arguments built in JS can share a sub-object (a DAG, or a cycle with two
 * back-references), and a walk once per path would double at every level;
 * past this many, each (object, node, depth) is unmapped once and shared,
 * which keeps the walk linear. Below it (every ordinary call) nothing is
 * remembered, so the common path pays no lookup.
 */
export const WALKS_BEFORE_MEMO = 10_000

function step(value: object, node: Node, walk: Walk, depth: number): unknown {
  if (Array.isArray(value)) return unmapArray(value, node, walk, depth)
  return unmapObject(value as Record<string, unknown>, node, walk, depth)
}

// (The depth is part of the key: below MAX_DEPTH a value is left as it is,
// so one object reached at two depths may come out differently.)
function stepOnce(value: object, node: Node, walk: Walk, depth: number): unknown {
  const memo = (walk.memo ??= new Map())
  let memos = memo.get(value)
  if (memos !== undefined) {
    for (const known of memos) if (known.node === node && known.depth === depth) return known.result
  } else {
    memo.set(value, (memos = []))
  }
  const result = step(value, node, walk, depth)
  memos.push({ node, depth, result })
  return result
}

/** Restores original names in `value` as `node` describes it; the same value back when nothing changes. */
export function unmapValue(value: unknown, node: Node, walk: Walk, depth: number): unknown {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null || !isLive(walk.context, node)) return value
  if (++walk.visited > WALKS_BEFORE_MEMO) return stepOnce(value, node, walk, depth)
  return step(value, node, walk, depth)
}
