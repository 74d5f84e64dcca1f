/** How many leading positions of an object's key order get a store site of their own. */
export const STORE_SITES = 16

/**
 * `out[key] = value` for the key at `position` of an object's key order, from
 * one of 16 identical-looking assignments chosen by position.
 *
 * Why: V8 caches a property store per code site. One site fed every changed
 * key of every object sees many names and goes megamorphic: each store is a
 * global stub-cache probe. One site per position sees one name as long as
 * one tool's calls repeat the same key order (what the object loop's fast
 * path already relies on), and stays a direct field store. With several
 * tools alternating the sites may go megamorphic again, and the cost is back
 * to that of the single site, never worse.
 *
 * `out` must already own `key` as a data property (a copy of the object the
 * key was enumerated from), so that `__proto__` here is an own key, never
 * the prototype setter.
 */
export function storeAt(out: Record<string, unknown>, position: number, key: string, value: unknown): void {
  switch (position) {
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
    case 15:
      out[key] = value
      return
    default:
      out[key] = value
  }
}
