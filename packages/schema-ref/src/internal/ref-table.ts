import { lookup, UNRESOLVED } from './lookup.js'
import { overlay } from './overlay.js'
import { isSchemaObject, ownStringRef } from './schema-node.js'

/**
 * Every reference of one root resolved at most once. For each reference
 * string: what `{ "$ref": ref }` resolves to at the end of its chain
 * (`UNRESOLVED` when the chain leaves the document, dangles or loops), and
 * the next reference of its chain, so a walker can learn every reference it
 * entered without resolving again.
 */
export interface RefTable {
  readonly resolved: Map<string, unknown>
  readonly next: Map<string, string>
}

export function createRefTable(): RefTable {
  return { resolved: new Map(), next: new Map() }
}

/**
 * Resolves `ref` to the end of its chain, iteratively: a 10,000-long chain
 * costs 10,000 loop turns, not 10,000 stack frames. The chain stops at the
 * first reference seen twice; the whole chain is then unresolved, so every
 * entry point into a cycle gets the same answer whatever was asked first.
 */
export function resolveRef(root: unknown, table: RefTable, ref: string): unknown {
  const known = table.resolved.get(ref)
  if (known !== undefined) return known
  const chain: Array<{ ref: string; node: Readonly<Record<string, unknown>> }> = []
  const seen = new Set<string>()
  let current = ref
  let outcome: unknown
  for (;;) {
    const cached = table.resolved.get(current)
    if (cached !== undefined) {
      outcome = cached
      break
    }
    if (seen.has(current)) {
      outcome = UNRESOLVED
      break
    }
    seen.add(current)
    const target = lookup(root, current)
    const nextRef = isSchemaObject(target) ? ownStringRef(target) : undefined
    if (target === UNRESOLVED || nextRef === undefined) {
      table.resolved.set(current, target)
      outcome = target
      break
    }
    table.next.set(current, nextRef)
    chain.push({ ref: current, node: target as Readonly<Record<string, unknown>> })
    current = nextRef
  }
  for (let index = chain.length - 1; index >= 0; index--) {
    const link = chain[index]!
    if (outcome !== UNRESOLVED) outcome = overlay(link.node, outcome)
    table.resolved.set(link.ref, outcome)
  }
  return outcome
}
