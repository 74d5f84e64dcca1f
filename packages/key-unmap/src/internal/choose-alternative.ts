import { selectArrayBranch, selectObjectBranch } from '@x/schema-ref'
import type { BranchDiscriminator } from '@x/schema-ref'
import { alternativesOf, branchOf } from './alternatives.js'
import { arrayFits, objectFits } from './conforms.js'
import type { Alternative, Alternatives, Context, Node } from './node.js'

/**
 * The discriminator under the tag spelling the value carries: the sent one
 * first (what the model was shown, and what @x/arg-coerce reads in the
 * sanitized schema), else the original.
 */
function discriminatorFor(alternatives: Alternatives, value: Record<string, unknown>): BranchDiscriminator | undefined {
  const { discriminator, sentDiscriminator } = alternatives
  if (sentDiscriminator === undefined || Object.hasOwn(value, sentDiscriminator.propertyName)) return sentDiscriminator
  return discriminator
}

/**
 * The alternative an object value belongs to: the one @x/arg-coerce coerced
 * it by (the same selectObjectBranch over the same alternatives, the same
 * reading of "already has its types"). Tags compare with `===`: the value
 * is already coerced. Required names count under the spelling the value
 * carries (the original or the renamed form).
 */
export function objectAlternative(context: Context, node: Node, value: Record<string, unknown>): Alternative {
  const alternatives = alternativesOf(node)
  if (alternatives.fixed !== undefined) return alternatives.fixed
  const branches = alternatives.objects.map(
    (alternative) =>
      alternative.branch ??
      branchOf(
        alternative,
        alternative.required.map(([name, renamed]) => (Object.hasOwn(value, name) ? name : renamed)),
      ),
  )
  const index = selectObjectBranch(branches, value, {
    discriminator: discriminatorFor(alternatives, value),
    fits: (branch, object) => objectFits(context, branch.alternative, object),
  })
  return alternatives.objects[index]!
}

const describesItems = (alternative: Alternative): boolean =>
  alternative.prefix !== undefined || alternative.items !== undefined

/** The alternative an array value belongs to: the first it already fits (those that describe items first), else the first that describes items. */
export function arrayAlternative(context: Context, node: Node, value: readonly unknown[]): Alternative | undefined {
  const { arrays } = alternativesOf(node)
  if (arrays.length <= 1) return arrays[0]
  const index = selectArrayBranch(
    arrays,
    value,
    (alternative, array) => arrayFits(context, alternative, array),
    describesItems,
  )
  if (index !== -1) return arrays[index]
  return arrays.find(describesItems)
}
