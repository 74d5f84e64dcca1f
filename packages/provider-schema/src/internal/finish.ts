import type { Marks } from './marks.js'
import { dropRefused } from './notes.js'
import { openApiNode } from './open-api.js'
import { own, typesOf } from './own.js'
import type { Profile } from './profiles.js'
import type { StrictBudget } from './strict.js'
import { strictNode } from './strict.js'
import { typedNode } from './typed.js'

/** Where a position sits: the root, and how many objects lead to it (itself included). */
export interface Place {
  readonly root: boolean
  readonly objectDepth: number
}

function keeps(
  profile: Profile,
  node: Readonly<Record<string, unknown>>,
): (keyword: string, value: unknown) => boolean {
  const { keywords, formats } = profile
  return (keyword, value) => {
    if (keywords !== undefined && !keywords.has(keyword)) return false
    if (keyword !== 'format' || formats === undefined) return true
    return typesOf(node).some((type) => formats[type]?.includes(value as string) === true)
  }
}

/**
 * One schema position, its children already rewritten, through the
 * profile's rules in the order they depend on each other: OpenAPI shapes,
 * typed positions (which read `additionalProperties` before it may go),
 * refused keywords, then strict mode (which closes the object itself).
 */
export function finishNode(
  profile: Profile,
  marks: Marks,
  budget: StrictBudget,
  node: Readonly<Record<string, unknown>>,
  place: Place,
): Readonly<Record<string, unknown>> {
  let current = node
  if (profile.openApi) current = openApiNode(marks, current)
  if (profile.typedPositions) current = typedNode(marks, current, place.root, profile.openApi)
  if (marks.jsonText.has(current)) return current
  if (profile.keywords !== undefined || profile.formats !== undefined)
    current = dropRefused(marks, current, keeps(profile, current))
  if (profile.strict !== undefined) current = strictNode(marks, current, profile.strict, budget, place.objectDepth)
  return current
}

/** Whether a position is an object (for counting object nesting). */
export function isObjectLike(node: Readonly<Record<string, unknown>>): boolean {
  return (
    typesOf(node).includes('object') ||
    (typeof own(node, 'properties') === 'object' && own(node, 'properties') !== null)
  )
}
