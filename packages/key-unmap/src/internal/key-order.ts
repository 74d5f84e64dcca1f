import { CLONE_SITES } from './clone-template.js'
import { slotNode } from './compile-node.js'
import { isLive } from './is-live.js'
import type { Alternative, Context, KeyEntry, KeyOrder, Node, Slot } from './node.js'
import { setOwn } from './own.js'

function lookup(nodes: readonly Node[], key: string): KeyEntry | undefined {
  let found: KeyEntry | undefined
  for (const node of nodes) {
    const entry = node.table.get(key)
    if (entry === undefined) continue
    // A key that is an original name somewhere is that name, never a renamed form.
    if (entry.target === key) return entry
    found ??= entry
  }
  return found
}

function restSlot(nodes: readonly Node[], key: string): Slot | undefined {
  for (const node of nodes) {
    for (const { test, slot } of node.patterns) if (test(key)) return slot
  }
  for (const node of nodes) if (node.additional !== undefined) return node.additional
  return undefined
}

// Key orders take the template spread sites in turn, across schemas (an
// agent's tools share the sites), so this counter is the process's.
let nextSite = 0

function computeKeyOrder(context: Context, alternative: Alternative, keys: readonly string[]): KeyOrder {
  const nodes = alternative.nodes
  const present = new Set(keys)
  const written = new Set<string>()
  const targets: string[] = []
  const childNodes: Array<Node | undefined> = []
  const template: Record<string, unknown> = {}
  let renames = false
  let walks = false
  for (const key of keys) {
    let target = key
    let slot: Slot | undefined
    const entry = lookup(nodes, key)
    if (entry === undefined) {
      slot = restSlot(nodes, key)
    } else if (entry.target === key || !present.has(entry.target)) {
      // (Otherwise the original spelling is there too: it keeps its name and
      // this renamed form stays exactly as it came, so no value is lost.)
      target = entry.target
      slot = entry.slot
    }
    if (target !== key && written.has(target)) target = key
    written.add(target)
    const child = slot === undefined ? undefined : slotNode(context, slot)
    const liveChild = child !== undefined && isLive(context, child) ? child : undefined
    renames ||= target !== key
    walks ||= liveChild !== undefined
    targets.push(target)
    childNodes.push(liveChild)
    setOwn(template, target, undefined)
  }
  nextSite = (nextSite + 1) % CLONE_SITES
  return {
    alternative,
    keys,
    targets,
    nodes: childNodes,
    renames,
    inert: !renames && !walks,
    template,
    site: nextSite,
    uses: 0,
    generated: undefined,
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false
  return true
}

// Tool calls to one tool repeat the same few key orders: what to do with
// each key is decided once per order, then reused without a lookup.
const KEY_ORDERS_KEPT = 4

/**
 * What to do with each key of an argument object with these keys, in this
 * order, under the union alternative chosen for it. Where the alternative
 * is the same for every object (`fixed`), the key order also becomes the
 * node's `last`, which the fast path of unmap-value tries first; where it
 * depends on the value, every object goes through the choice first.
 */
export function keyOrderFor(
  context: Context,
  node: Node,
  alternative: Alternative,
  keys: readonly string[],
  fixed: boolean,
): KeyOrder {
  let order = node.keyOrders.find((known) => known.alternative === alternative && sameKeys(known.keys, keys))
  if (order === undefined) {
    order = computeKeyOrder(context, alternative, keys)
    if (node.keyOrders.length >= KEY_ORDERS_KEPT) node.keyOrders.shift()
    node.keyOrders.push(order)
  }
  if (fixed) node.last = order
  return order
}
