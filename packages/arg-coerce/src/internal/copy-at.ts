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
 * past that the site goes megamorphic and every copy takes the generic path
 * (@x/key-unmap measured a 15-key copy at 34 ns with 4 layouts, 234 ns with
 * 5). One spread shared by every object part sees the layout of every tool's
 * arguments and nested objects; spread over 8 sites, many more stay fast.
 * Measured here (driver, the benchmark arguments renamed for 6 tools called
 * in turn): 947 -> 747 ns a call; one tool alone unchanged (746 ns both).
 */
export function copyAt(value: Record<string, unknown>, site: number): Record<string, unknown> {
  switch (site) {
    case 0: return { ...value }
    case 1: return { ...value }
    case 2: return { ...value }
    case 3: return { ...value }
    case 4: return { ...value }
    case 5: return { ...value }
    case 6: return { ...value }
    default: return { ...value }
  }
}
