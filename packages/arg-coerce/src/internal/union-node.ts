import type { BranchDiscriminator, ObjectBranch } from '@x/schema-ref'
import { JsonTypeBits, createObjectBranchSelector, selectArrayBranch, typeBitsOfValue } from '@x/schema-ref'
import { FIT_BUDGET, Node } from './node.js'
import { LOOSE, PARSES, structure } from './rules.js'
import { NOT_PARSED, isNullWord } from './parse-scalar.js'
import type { Budget } from './types.js'
import type { Walk } from './walk.js'

const { ARRAY, NULL, OBJECT, STRING } = JsonTypeBits

/** One branch of a union: its node, and what the shared branch choice reads of it. */
export type Alternative = ObjectBranch & { readonly node: Node }

/**
 * `anyOf` / `oneOf`: an object or array goes to the branch `@x/schema-ref`'s choice names; a value some branch admits
 * stays; else the first branch whose coercion fits it wins, else the first that yields its type at all.
 */
export class UnionNode extends Node {
  private readonly objects: Alternative[]
  private readonly arrays: Alternative[]
  private readonly select: (value: Record<string, unknown>) => number
  private readonly loose: boolean
  private readonly parsesAdmitted: boolean
  override readonly keeps = 0
  // Set when the fit budget, not a mismatch, ended a branch's check: whether the value is of that branch is unknown.
  private cut = false
  private readonly branchFits = (alternative: Alternative, value: unknown): boolean => {
    const budget = { left: FIT_BUDGET }
    const fit = alternative.node.fits(value, budget)
    if (budget.left < 0) this.cut = true
    return fit
  }

  constructor(
    private readonly alternatives: readonly Alternative[],
    discriminator: BranchDiscriminator | undefined,
    tagMatches: (sent: unknown, expected: unknown) => boolean,
  ) {
    const types = alternatives.reduce((bits, alternative) => bits | alternative.node.types, 0)
    super(types, [], [], undefined, undefined)
    this.objects = alternatives.filter((alternative) => (alternative.node.types & OBJECT) !== 0)
    this.select = createObjectBranchSelector(this.objects, { discriminator, fits: this.branchFits, tagMatches })
    if (this.objects.length > 0) this.branches = { select: this.choose, nodes: this.objects.map(({ node }) => node) }
    this.arrays = alternatives.filter((alternative) => (alternative.node.types & ARRAY) !== 0)
    this.changes = alternatives.reduce((changes, { node }) => changes | node.changes, (types & NULL) !== 0 ? STRING : 0)
    this.loose = alternatives.some(({ node }) => node.rulesReading(STRING).some((rule) => rule.kind === LOOSE))
    // parseUntypedJson: strings are admitted, and no branch keeps them as they are (each that admits them reads them).
    this.parsesAdmitted = (types & STRING) !== 0 && alternatives.every(({ node }) => (node.keeps & STRING) === 0)
  }

  /** The object branch of `value`, or -1 when the fit budget left that unknown: the value then stays as sent. */
  private readonly choose = (value: Record<string, unknown>): number => {
    this.cut = false
    const index = this.select(value)
    return this.cut ? -1 : index
  }

  override run(value: unknown, depth: number, walk: Walk): unknown {
    const bits = typeBitsOfValue(value)
    if (bits === OBJECT && this.objects.length > 0) {
      const index = this.choose(value as never)
      return index === -1 ? value : this.objects[index]!.node.run(value, depth, walk)
    }
    if (bits === ARRAY && this.arrays.length > 0) return this.runArray(value as unknown[], depth, walk)
    const admitted = (bits & this.types) !== 0
    const parsed = bits === STRING && (admitted ? this.parsesAdmitted : (this.types & (OBJECT | ARRAY)) !== 0)
    const structured = parsed ? structure(value as string, this, depth, walk) : NOT_PARSED
    if (structured !== NOT_PARSED) return structured
    if (admitted) return value
    // Rule 4 in any order: an array branch tried first would make "null" ["null"].
    if (bits === STRING && (this.types & NULL) !== 0 && isNullWord(value as string)) return null
    // Loose rules come last across branches: `anyOf: [boolean, integer]` gives "1" the integer, as a `type` list does.
    const skip = parsed ? PARSES : 0
    return walk.owning(false, () => {
      let fallback = value
      for (const pass of this.loose ? [skip | LOOSE, skip] : [skip])
        for (const { node } of this.alternatives) {
          const next = node.coerce(value, bits, depth, walk, pass)
          if (next === value || (typeBitsOfValue(next) & node.types) === 0) continue
          if (node.fits(next, { left: FIT_BUDGET })) return next
          if (fallback === value) fallback = next
        }
      return fallback
    })
  }

  // As key-unmap reads it: the types, in depth only under one object (array) branch (all: exponential under `items`).
  override fits(value: unknown, budget: Budget): boolean {
    if (--budget.left < 0) return false
    const bits = typeBitsOfValue(value)
    const branches = bits === OBJECT ? this.objects : bits === ARRAY ? this.arrays : undefined
    return branches?.length === 1 ? branches[0]!.node.fits(value, budget) : (bits & this.types) !== 0
  }

  /**
   * An array goes to the branch it fits (past the fit budget: it stays); else the first whose coercion fits with no
   * item wrapped (GeoJSON LineString coordinates stay a LineString); else the first that fits coerced; else the first.
   */
  private runArray(value: unknown[], depth: number, walk: Walk): unknown {
    if (this.arrays.length === 1) return this.arrays[0]!.node.run(value, depth, walk)
    this.cut = false
    const fitting = selectArrayBranch(this.arrays, value, this.branchFits, ({ node }) => node.array !== undefined)
    if (fitting !== -1) return this.arrays[fitting]!.node.run(value, depth, walk)
    if (this.cut) return value
    return walk.owning(false, () => {
      const levels = nesting(value, depth)
      let wrapped: unknown
      for (const { node } of this.arrays) {
        const next = node.run(value, depth, walk)
        if (!node.fits(next, { left: FIT_BUDGET })) continue
        if (nesting(next, depth) === levels) return next
        wrapped ??= next
      }
      return wrapped ?? this.arrays[0]!.node.run(value, depth, walk)
    })
  }
}

// How many arrays deep a value's first items go (at most `limit`).
function nesting(value: unknown, limit: number): number {
  let levels = 0
  for (let item = value; Array.isArray(item) && levels <= limit; item = item[0]) levels++
  return levels
}
