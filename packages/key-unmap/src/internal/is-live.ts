import { slotNode } from './compile-node.js'
import type { Context, Node, Slot } from './node.js'

function ownRenames(node: Node): boolean {
  for (const [key, entry] of node.table) if (entry.target !== key) return true
  return false
}

function children(context: Context, node: Node): Node[] {
  const slots: Slot[] = []
  for (const entry of node.table.values()) slots.push(entry.slot)
  for (const { slot } of node.patterns) slots.push(slot)
  if (node.additional !== undefined) slots.push(node.additional)
  if (node.prefix !== undefined) slots.push(...node.prefix)
  if (node.items !== undefined) slots.push(node.items)
  const nodes = slots.map((slot) => slotNode(context, slot))
  for (const union of node.unions) nodes.push(...union.branches)
  return nodes
}

/**
 * Whether any key can be renamed in a value this node describes, at any
 * depth. Values below a node that cannot rename are never walked: that is
 * most of a typical tool call (plain strings, numbers, untouched objects).
 * Recursive schemas make the nodes a graph, so the answer is a search over
 * everything reachable, cached on the node it was asked for.
 */
export function isLive(context: Context, node: Node): boolean {
  if (node.live !== undefined) return node.live
  const seen = new Set<Node>([node])
  const stack = [node]
  let live = false
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current.live === false) continue
    if (current.live === true || ownRenames(current)) {
      live = true
      break
    }
    for (const child of children(context, current)) {
      if (!seen.has(child)) {
        seen.add(child)
        stack.push(child)
      }
    }
  }
  node.live = live
  return live
}
