import type { RefPath, RefResolver } from '../types.js'

/**
 * A reference walker over the schema alone (what key-unmap's sanitizer
 * does): carries the path everywhere, with an explicit stack, through
 * `anyOf`/`oneOf`/`allOf`, `properties` and `items`, and records each visit.
 * Branches that re-enter a reference on their own path stop; `leaves` lists
 * the non-object `type`s reached.
 */
export function walkSchema(
  resolver: RefResolver,
  start: unknown,
): { visits: number; stopped: number; leaves: string[] } {
  const stack: Array<{ schema: unknown; path: RefPath | undefined }> = [{ schema: start, path: undefined }]
  let visits = 0
  let stopped = 0
  const leaves: string[] = []
  while (stack.length > 0) {
    const { schema, path } = stack.pop()!
    visits++
    const resolved = resolver.resolveOnPath(schema, path)
    if (resolved === undefined) {
      stopped++
      continue
    }
    const node = resolved.schema as Record<string, unknown>
    if (typeof node !== 'object' || node === null) continue
    if (typeof node['type'] === 'string' && node['type'] !== 'object') leaves.push(node['type'])
    const children = [
      ...(['anyOf', 'oneOf', 'allOf'] as const).flatMap((key) =>
        Array.isArray(node[key]) ? (node[key] as unknown[]) : [],
      ),
      ...Object.values((node['properties'] as Record<string, unknown> | undefined) ?? {}),
      ...(node['items'] === undefined ? [] : [node['items']]),
    ]
    for (const child of children) stack.push({ schema: child, path: resolved.path })
  }
  return { visits, stopped, leaves: leaves.sort() }
}
