import { JsonTypeBits } from '@x/schema-ref'
import { EMPTY } from './compile-node.js'
import type { Alternative, AlternativeBranch, Alternatives, Node, Slot, Tag, Union } from './node.js'

const { ANY, ARRAY, OBJECT } = JsonTypeBits

/**
 * Alternatives kept per position, as @x/arg-coerce keeps them: a hostile
 * schema can make unions of unions multiply, and the rest are dropped.
 */
export const MAX_ALTERNATIVES = 64
/** Expansion steps per position: unions whose branches were all dropped could otherwise be walked without end in sight. */
const EXPANSION_BUDGET = 4096

function declaresIn(nodes: readonly Node[], key: string): boolean {
  for (const node of nodes) {
    if (node.table.has(key)) return true
    for (const pattern of node.patterns) if (pattern.test(key)) return true
  }
  return false
}

/** The view of an alternative that selectObjectBranch reads, with the required names as the value carries them. */
export function branchOf(alternative: Alternative, required: readonly string[]): AlternativeBranch {
  return {
    alternative,
    required,
    declares: (key) => declaresIn(alternative.nodes, key),
    tags: alternative.tags,
    refs: alternative.refs,
  }
}

function toAlternative(nodes: readonly Node[]): Alternative {
  let types = ANY
  const enums: Array<readonly unknown[]> = []
  const required: Array<readonly [string, string]> = []
  const tags: Tag[] = []
  const refs: string[] = []
  let prefix: readonly Slot[] | undefined
  let items: Slot | undefined
  let hasProperties = false
  nodes.forEach((node, index) => {
    types &= node.types
    enums.push(...node.enums)
    required.push(...node.required)
    tags.push(...node.tags)
    // (@x/arg-coerce records the `$ref` of each branch entered, not of the position itself.)
    if (index > 0 && node.ref !== undefined) refs.push(node.ref)
    prefix ??= node.prefix
    items ??= node.items
    // A refused pattern counts too: @x/arg-coerce still reads `required` there.
    hasProperties ||=
      node.table.size > 0 || node.patterns.length > 0 || node.opaque || node.additional !== undefined || node.closed
  })
  const alternative: { -readonly [K in keyof Alternative]: Alternative[K] } = {
    nodes,
    types,
    enums,
    required,
    tags,
    refs,
    prefix,
    items,
    hasProperties,
    branch: undefined,
  }
  if (required.every(([name, renamed]) => name === renamed))
    alternative.branch = branchOf(
      alternative,
      required.map(([name]) => name),
    )
  return alternative
}

// One branch of the first pending union at a time; a branch's own unions
// go after the others still pending (@x/arg-coerce's Collector.expand).
function expand(nodes: Node[], pending: readonly Union[], out: Node[][], budget: { left: number }): void {
  if (out.length >= MAX_ALTERNATIVES || --budget.left < 0) return
  const [union, ...others] = pending
  if (union === undefined) {
    out.push(nodes)
    return
  }
  for (const branch of union.branches) {
    if (out.length >= MAX_ALTERNATIVES) return
    expand([...nodes, branch], [...others, ...branch.unions], out, budget)
  }
}

function withoutUnions(node: Node): Alternatives {
  const only = toAlternative([node])
  return {
    all: [only],
    objects: (only.types & OBJECT) !== 0 ? [only] : [],
    arrays: (only.types & ARRAY) !== 0 ? [only] : [],
    discriminator: undefined,
    sentDiscriminator: undefined,
    fixed: only,
  }
}

const EMPTY_ALTERNATIVES = withoutUnions(EMPTY)

/** The alternatives of a position, computed once per node. */
export function alternativesOf(node: Node): Alternatives {
  if (node === EMPTY) return EMPTY_ALTERNATIVES
  if (node.alternatives !== undefined) return node.alternatives
  let alternatives: Alternatives
  if (node.unions.length === 0) {
    alternatives = withoutUnions(node)
  } else {
    const paths: Node[][] = []
    expand([node], node.unions, paths, { left: EXPANSION_BUDGET })
    const all = paths.map(toAlternative)
    const objects = all.filter((alternative) => (alternative.types & OBJECT) !== 0)
    const discriminated = node.unions.find((union) => union.discriminator !== undefined)
    alternatives = {
      all,
      objects,
      arrays: all.filter((alternative) => (alternative.types & ARRAY) !== 0),
      discriminator: discriminated?.discriminator,
      sentDiscriminator: discriminated?.sentDiscriminator,
      // No object alternative at all: the position's own names still apply.
      fixed: objects.length > 1 ? undefined : (objects[0] ?? toAlternative([node])),
    }
  }
  node.alternatives = alternatives
  return alternatives
}
