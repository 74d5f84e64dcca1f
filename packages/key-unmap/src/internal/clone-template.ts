/** How many spread sites the templates are spread over (see cloneTemplate). */
export const CLONE_SITES = 8

/**
 * `{ ...template }` from one of 8 identical spreads, chosen by `site` (a
 * number each key order gets in turn when it is computed).
 *
 * Why: V8 caches an object spread per code site for up to 4 source layouts;
 * past that the site goes megamorphic and every spread takes the generic,
 * much slower path. An agent unmaps for several tools and their nested
 * objects, each with its own template layout: spread over 8 sites, up to
 * 32 layouts stay on the fast path.
 */
export function cloneTemplate(template: Record<string, unknown>, site: number): Record<string, unknown> {
  switch (site) {
    case 0:
      return { ...template }
    case 1:
      return { ...template }
    case 2:
      return { ...template }
    case 3:
      return { ...template }
    case 4:
      return { ...template }
    case 5:
      return { ...template }
    case 6:
      return { ...template }
    default:
      return { ...template }
  }
}
