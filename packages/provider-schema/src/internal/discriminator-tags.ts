import { readDiscriminator } from '@x/schema-ref'
import { isRecord, own, setOwn } from './own.js'

const UNIONS = ['anyOf', 'oneOf'] as const

/**
 * The union with each branch that its discriminator `mapping` names (by the
 * very `$ref` string, as branch choice compares them) given its tags:
 * `{ allOf: [branch, { properties: { [propertyName]: { enum: tags } } }] }`.
 *
 * Why: once references are inlined no branch keeps a `$ref`, so the mapping
 * names nothing, and the providers that inline also refuse `discriminator`.
 * Spelled as the values the tag property admits in its branch, the choice
 * survives (a one-value `enum` is a tag for branch choice, and the model is
 * shown which tag means which branch); the `mapping` itself goes, its
 * pointers naming what inlining removes. The same node when nothing is named;
 * own properties only; never throws on bad data.
 */
export function tagMappedBranches(node: Record<string, unknown>): Record<string, unknown> {
  const discriminator = readDiscriminator(own(node, 'discriminator'))
  if (discriminator === undefined) return node
  const { propertyName, mapping } = discriminator
  const tagsByRef = new Map<string, string[]>()
  for (const tag of Object.keys(mapping)) {
    const target = mapping[tag]
    if (typeof target !== 'string') continue
    const tags = tagsByRef.get(target)
    if (tags === undefined) tagsByRef.set(target, [tag])
    else tags.push(tag)
  }
  if (tagsByRef.size === 0) return node
  let out: Record<string, unknown> | undefined
  for (const keyword of UNIONS) {
    const branches = own(node, keyword)
    if (!Array.isArray(branches)) continue
    let changed = false
    const tagged = branches.map((branch: unknown) => {
      const ref = isRecord(branch) ? own(branch, '$ref') : undefined
      const tags = typeof ref === 'string' ? tagsByRef.get(ref) : undefined
      if (tags === undefined) return branch
      changed = true
      const properties: Record<string, unknown> = {}
      setOwn(properties, propertyName, Object.freeze({ enum: Object.freeze(tags) }))
      return Object.freeze({ allOf: Object.freeze([branch, Object.freeze({ properties: Object.freeze(properties) })]) })
    })
    if (changed) (out ??= { ...node })[keyword] = Object.freeze(tagged)
  }
  if (out === undefined) return node
  const { mapping: _mapping, ...rest } = own(node, 'discriminator') as Record<string, unknown>
  out['discriminator'] = Object.freeze(rest)
  return out
}
