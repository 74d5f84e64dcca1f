import { describeReceived } from './internal/describe-received.js'
import type { ObjectBranch } from './types.js'

const strictlyEqual = (sent: unknown, expected: unknown): boolean => sent === expected

/**
 * Whether an object value names a union branch by the branch's tags: the
 * value owns at least one tag key, and every tag key it owns `tagMatches`
 * the tag's value (`===` by default).
 *
 * The tag rule of {@link selectObjectBranch} (its fourth step), for a pass
 * that ranks branches its own way but must read tags as the others do. The
 * `tags` are an `ObjectBranch`'s (see `readConstTag`). A tag key the value
 * does not own neither names nor rules out the branch; own keys only. Cost:
 * one own-key test per tag and one `tagMatches` call per tag key owned.
 * Never throws on data (a value that is not an object names nothing) unless
 * `tagMatches` does; a `tagMatches` that is not a function throws a
 * `TypeError`.
 *
 * @example
 * ```ts
 * const tags = [{ key: 'kind', value: 'circle' }]
 * isNamedByTags(tags, { kind: 'circle', radius: 1 }) // => true
 * isNamedByTags(tags, { kind: 'square', side: 1 }) // => false
 * isNamedByTags(tags, { radius: 1 }) // => false (no tag key)
 * isNamedByTags([{ key: 'n', value: 5 }], { n: '5' }, (sent, expected) => Number(sent) === expected) // => true
 * ```
 */
export function isNamedByTags(
  tags: ObjectBranch['tags'],
  value: Record<string, unknown>,
  tagMatches: (sent: unknown, expected: unknown) => boolean = strictlyEqual,
): boolean {
  if (typeof tagMatches !== 'function')
    throw new TypeError(
      `isNamedByTags: expected \`tagMatches\` to be a function or undefined, received ${describeReceived(tagMatches)}`,
    )
  if (typeof value !== 'object' || value === null) return false
  let named = false
  for (const tag of tags) {
    if (!Object.hasOwn(value, tag.key)) continue
    if (!tagMatches(value[tag.key], tag.value)) return false
    named = true
  }
  return named
}
