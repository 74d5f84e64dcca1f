import type { RefPath, ResolvedNode } from '../types.js'

/**
 * Extends `path` with every reference of the chain starting at `ref` (in
 * the order entered), or `undefined` when one of them is already on `path`.
 * Cost: the chain length plus the path length, whatever their sizes (a
 * 10,000-long chain checked against a 10,000-deep path stays linear).
 */
export function refsOnPath(
  next: ReadonlyMap<string, string>,
  ref: string,
  path: RefPath | undefined,
  schema: unknown,
): ResolvedNode | undefined {
  const nextRef = next.get(ref)
  if (nextRef === undefined) {
    // The common case, a chain of one: no set, one pass over the path.
    for (let entry = path; entry != null; entry = entry.parent) if (entry.ref === ref) return undefined
    return { schema, path: { ref, parent: path } }
  }
  const chain = new Set<string>([ref])
  // The chain of a resolved reference ends; the `has` check only guards
  // against a table entry that would loop.
  for (
    let current: string | undefined = nextRef;
    current !== undefined && !chain.has(current);
    current = next.get(current)
  ) {
    chain.add(current)
  }
  for (let entry = path; entry != null; entry = entry.parent) if (chain.has(entry.ref)) return undefined
  let extended = path
  for (const entered of chain) extended = { ref: entered, parent: extended }
  return { schema, path: extended }
}
