/** FNV-1a over the UTF-16 code units, as six base-36 digits: a short, stable tag for a name. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return (hash % 2176782336).toString(36).padStart(6, '0')
}
