/**
 * What the rewrite did that the arguments must undo, attached to the
 * rewritten schema objects (which carry the tool's own property names).
 */
export interface Marks {
  /** Positions sent as JSON text (a string) instead of the value itself. */
  readonly jsonText: WeakSet<object>
  /** Object positions whose optional properties strict mode made required (and nullable): their names. */
  readonly optional: WeakMap<object, ReadonlySet<string>>
}

export function createMarks(): Marks {
  return { jsonText: new WeakSet(), optional: new WeakMap() }
}

/** A frozen schema object, with the marks of `from` carried over. */
export function derive(
  marks: Marks,
  from: object | undefined,
  schema: Record<string, unknown>,
): Readonly<Record<string, unknown>> {
  if (from !== undefined) {
    if (marks.jsonText.has(from)) marks.jsonText.add(schema)
    const optional = marks.optional.get(from)
    if (optional !== undefined) marks.optional.set(schema, optional)
  }
  return Object.freeze(schema)
}
