/** How many leading positions of an argument object get a store site of their own. */
const SITES = 16

/**
 * `out[key] = value` for the key at `index` of an object's key order, from
 * one of 16 identical-looking assignments chosen by position.
 *
 * Why: V8 caches a property store per code site. One site fed every key of
 * every object sees many names and goes megamorphic: each store becomes a
 * global cache probe, which would be most of the cost of a warm unmapping.
 * One site per position sees one name per position as long as one tool's
 * calls repeat the same key order, and stays a direct field store. With many tools alternating, the sites go
 * megamorphic too and the cost is back to the single site's.
 *
 * `out` must already own `key` as a data property (a clone of a shape's
 * template), so that `__proto__` is a key here, never the prototype setter.
 * Only the interpreter stores this way; generated code builds its literal.
 */
export function storeAt(out: Record<string, unknown>, index: number, key: string, value: unknown): void {
  if (index >= SITES) {
    out[key] = value
    return
  }
  switch (index) {
    case 0:
      out[key] = value
      return
    case 1:
      out[key] = value
      return
    case 2:
      out[key] = value
      return
    case 3:
      out[key] = value
      return
    case 4:
      out[key] = value
      return
    case 5:
      out[key] = value
      return
    case 6:
      out[key] = value
      return
    case 7:
      out[key] = value
      return
    case 8:
      out[key] = value
      return
    case 9:
      out[key] = value
      return
    case 10:
      out[key] = value
      return
    case 11:
      out[key] = value
      return
    case 12:
      out[key] = value
      return
    case 13:
      out[key] = value
      return
    case 14:
      out[key] = value
      return
    default:
      out[key] = value
  }
}
