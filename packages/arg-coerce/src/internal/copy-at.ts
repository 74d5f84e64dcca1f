/** How many spread sites object copies are spread over (see copyAt). */
export const COPY_SITES = 8

let nextSite = 0

/** The copy site for the next object part compiled: parts take the sites in turn. */
export function takeCopySite(): number {
  const site = nextSite
  nextSite = (nextSite + 1) % COPY_SITES
  return site
}

/**
 * `{ ...value }` from one of 8 identical spreads, chosen by `site` (a number
 * each object part takes in turn when it is compiled).
 *
 * Why: V8 caches an object spread per code site for a few source layouts;
 * past that the site goes megamorphic and every copy takes the generic,
 * much slower path. One spread shared by every object part sees the layout
 * of every tool's arguments and nested objects; spread over 8 sites, many
 * more stay on the fast path when several tools are called in turn, and one
 * tool alone costs the same as with a single site.
 */
export function copyAt(value: Record<string, unknown>, site: number): Record<string, unknown> {
  switch (site) {
    case 0:
      return { ...value }
    case 1:
      return { ...value }
    case 2:
      return { ...value }
    case 3:
      return { ...value }
    case 4:
      return { ...value }
    case 5:
      return { ...value }
    case 6:
      return { ...value }
    default:
      return { ...value }
  }
}
