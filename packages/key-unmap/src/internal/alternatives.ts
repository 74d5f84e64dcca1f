import { selectArrayBranch, selectObjectBranch } from '@x/schema-ref'
import type { BranchDiscriminator, ObjectBranch } from '@x/schema-ref'
import { EMPTY, slotPlan } from './unmap-plan.js'
import type { Plan, Slot, Tag, UnmapContext } from './unmap-plan.js'
import { ANY, ARRAY, NULL, OBJECT, bitsOfValue } from './type-bits.js'

/**
 * One way through the unions of a position: the position's own plan, then
 * one branch of each union in turn, nested unions of a branch after the
 * unions still pending (the order in which @x/arg-coerce expands them, so
 * that "the first alternative that ..." means the same alternative in both
 * packages).
 */
export interface Alternative {
  readonly plans: readonly Plan[]
  readonly types: number
  readonly enums: ReadonlyArray<readonly unknown[]>
  readonly required: ReadonlyArray<readonly [string, string]>
  readonly tags: readonly Tag[]
  readonly refs: readonly string[]
  readonly prefix: readonly Slot[] | undefined
  readonly items: Slot | undefined
  /** Whether it declares properties, patterns or additional properties (@x/arg-coerce then checks them). */
  readonly hasProperties: boolean
  /** The branch view for selectObjectBranch when no required name is renamed (else built per value). */
  readonly branch: AlternativeBranch | undefined
}

export interface AlternativeBranch extends ObjectBranch {
  readonly alternative: Alternative
}

export interface Alternatives {
  readonly objects: readonly Alternative[]
  readonly arrays: readonly Alternative[]
  readonly discriminator: BranchDiscriminator | undefined
  /** The alternative of every object value when there is nothing to choose (one object alternative, or none). */
  readonly fixed: Alternative | undefined
  readonly all: readonly Alternative[]
}

/** How a nested position checks that a value already has its types (see conforms). */
export interface Conformance {
  readonly types: number
  readonly enums: ReadonlyArray<readonly unknown[]>
  /** Where an object value's declared properties are checked too. */
  readonly object: Alternative | undefined
  /** Where an array value's items are checked too. */
  readonly array: Alternative | undefined
}

/**
 * Alternatives kept per position, as @x/arg-coerce keeps them: a hostile
 * schema can make unions of unions multiply, and the rest are dropped.
 */
export const MAX_ALTERNATIVES = 64
/** Expansion steps per position: unions whose branches were all dropped could otherwise be walked without end in sight. */
const EXPANSION_BUDGET = 4096
/** Values one "already has its types" check may look at, as in @x/arg-coerce: past it, "does not fit". */
export const CONFORM_BUDGET = 1024

function declaresIn(plans: readonly Plan[], key: string): boolean {
  for (const plan of plans) {
    if (plan.table.has(key)) return true
    for (const pattern of plan.patterns) if (pattern.test(key)) return true
  }
  return false
}

function toAlternative(plans: readonly Plan[]): Alternative {
  let types = ANY
  const enums: Array<readonly unknown[]> = []
  const required: Array<readonly [string, string]> = []
  const tags: Tag[] = []
  const refs: string[] = []
  let prefix: readonly Slot[] | undefined
  let items: Slot | undefined
  let hasProperties = false
  plans.forEach((plan, index) => {
    types &= plan.types
    enums.push(...plan.enums)
    required.push(...plan.required)
    tags.push(...plan.tags)
    if (index > 0 && plan.ref !== undefined) refs.push(plan.ref)
    prefix ??= plan.prefix
    items ??= plan.items
    hasProperties ||= plan.table.size > 0 || plan.patterns.length > 0 || plan.additional !== undefined
  })
  const plain = required.every(([name, renamed]) => name === renamed)
  const alternative: { -readonly [K in keyof Alternative]: Alternative[K] } = {
    plans,
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
  if (plain)
    alternative.branch = branchOf(
      alternative,
      required.map(([name]) => name),
    )
  return alternative
}

function branchOf(alternative: Alternative, required: readonly string[]): AlternativeBranch {
  return {
    alternative,
    required,
    declares: (key) => declaresIn(alternative.plans, key),
    tags: alternative.tags,
    refs: alternative.refs,
  }
}

function expand(
  plans: Plan[],
  pending: readonly Plan['unions'][number][],
  out: Plan[][],
  budget: { left: number },
): void {
  if (out.length >= MAX_ALTERNATIVES || --budget.left < 0) return
  const [union, ...others] = pending
  if (union === undefined) {
    out.push(plans)
    return
  }
  for (const branch of union.branches) {
    if (out.length >= MAX_ALTERNATIVES) return
    expand([...plans, branch], [...others, ...branch.unions], out, budget)
  }
}

const NO_UNION = (plan: Plan): Alternatives => {
  const only = toAlternative([plan])
  return {
    objects: (only.types & OBJECT) !== 0 ? [only] : [],
    arrays: (only.types & ARRAY) !== 0 ? [only] : [],
    discriminator: undefined,
    fixed: only,
    all: [only],
  }
}
const EMPTY_ALTERNATIVES = NO_UNION(EMPTY)

/** The alternatives of a position, computed once per plan. */
export function alternativesOf(plan: Plan): Alternatives {
  if (plan === EMPTY) return EMPTY_ALTERNATIVES
  if (plan.alternatives !== undefined) return plan.alternatives
  let alternatives: Alternatives
  if (plan.unions.length === 0) {
    alternatives = NO_UNION(plan)
  } else {
    const paths: Plan[][] = []
    expand([plan], plan.unions, paths, { left: EXPANSION_BUDGET })
    const all = paths.map(toAlternative)
    const objects = all.filter((alternative) => (alternative.types & OBJECT) !== 0)
    const arrays = all.filter((alternative) => (alternative.types & ARRAY) !== 0)
    alternatives = {
      objects,
      arrays,
      discriminator: plan.unions.find((union) => union.discriminator !== undefined)?.discriminator,
      // No object alternative at all: the position's own names still apply.
      fixed: objects.length > 1 ? undefined : (objects[0] ?? toAlternative([plan])),
      all,
    }
  }
  plan.alternatives = alternatives
  return alternatives
}

/**
 * The alternative an object value belongs to: the one @x/arg-coerce coerced
 * it by (same selectObjectBranch, same alternatives, same reading of
 * "already has its types"). Tags compare with `===`: the value is already
 * coerced.
 */
export function objectAlternative(context: UnmapContext, plan: Plan, value: Record<string, unknown>): Alternative {
  const alternatives = alternativesOf(plan)
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
    discriminator: alternatives.discriminator,
    fits: (branch, object) => fitsObject(context, branch.alternative, object),
  })
  return alternatives.objects[index]!
}

/** The alternative an array value belongs to: the first it already fits, else the first that describes items. */
export function arrayAlternative(
  context: UnmapContext,
  plan: Plan,
  value: readonly unknown[],
): Alternative | undefined {
  const { arrays } = alternativesOf(plan)
  if (arrays.length <= 1) return arrays[0]
  const index = selectArrayBranch(arrays, value, (alternative, array) => fitsArray(context, alternative, array))
  if (index !== -1) return arrays[index]
  return arrays.find((alternative) => alternative.prefix !== undefined || alternative.items !== undefined)
}

function inEnums(enums: ReadonlyArray<readonly unknown[]>, value: unknown): boolean {
  for (const list of enums) if (!list.includes(value)) return false
  return true
}

function fitsObject(context: UnmapContext, alternative: Alternative, value: Record<string, unknown>): boolean {
  if (!inEnums(alternative.enums, value)) return false
  return !alternative.hasProperties || propertiesConform(context, alternative, value, { left: CONFORM_BUDGET })
}

function fitsArray(context: UnmapContext, alternative: Alternative, value: readonly unknown[]): boolean {
  if (!inEnums(alternative.enums, value)) return false
  return itemsConform(context, alternative, value, { left: CONFORM_BUDGET })
}

function propertiesConform(
  context: UnmapContext,
  alternative: Alternative,
  value: Record<string, unknown>,
  budget: { left: number },
): boolean {
  for (const plan of alternative.plans) {
    for (const [key, entry] of plan.table) {
      if (Object.hasOwn(value, key) && !conforms(context, slotPlan(context, entry.slot), value[key], budget))
        return false
    }
  }
  return true
}

function itemsConform(
  context: UnmapContext,
  alternative: Alternative,
  value: readonly unknown[],
  budget: { left: number },
): boolean {
  for (let index = 0; index < value.length; index++) {
    const slot = alternative.prefix?.[index] ?? alternative.items
    if (slot !== undefined && !conforms(context, slotPlan(context, slot), value[index], budget)) return false
  }
  return true
}

// How @x/arg-coerce compiles a position for its check: nothing to check
// where no value could ever change (untyped and nothing below, or nothing
// admitted); a union checks its types only, and the properties of its one
// object branch; a position of one alternative descends only where it
// admits exactly objects (or arrays), null aside.
function conformanceOf(plan: Plan): Conformance | null {
  if (plan.conformance !== undefined) return plan.conformance
  const { all, objects } = alternativesOf(plan)
  let conformance: Conformance | null = null
  if (all.length === 1) {
    const only = all[0]!
    const hasObject = (only.types & OBJECT) !== 0 && only.hasProperties
    const hasArray = (only.types & ARRAY) !== 0 && (only.prefix !== undefined || only.items !== undefined)
    if (only.types !== 0 && (only.types !== ANY || hasObject || hasArray)) {
      conformance = {
        types: only.types,
        enums: only.enums,
        object: hasObject && (only.types & ~NULL) === OBJECT ? only : undefined,
        array: hasArray && (only.types & ~NULL) === ARRAY ? only : undefined,
      }
    }
  } else if (all.length > 1) {
    const single = objects.length === 1 ? objects[0]! : undefined
    conformance = {
      types: all.reduce((bits, alternative) => bits | alternative.types, 0),
      enums: [],
      object: single !== undefined && single.hasProperties && (single.types & ~NULL) === OBJECT ? single : undefined,
      array: undefined,
    }
  }
  plan.conformance = conformance
  return conformance
}

/** Whether `item` already has the types `plan` admits, and so do its declared properties and items (bounded by `budget`). */
function conforms(context: UnmapContext, plan: Plan, item: unknown, budget: { left: number }): boolean {
  if (--budget.left < 0) return false
  const conformance = conformanceOf(plan)
  if (conformance === null) return true
  const bits = bitsOfValue(item)
  if ((bits & conformance.types) === 0 || !inEnums(conformance.enums, item)) return false
  if (bits === OBJECT && conformance.object !== undefined)
    return propertiesConform(context, conformance.object, item as Record<string, unknown>, budget)
  if (bits === ARRAY && conformance.array !== undefined)
    return itemsConform(context, conformance.array, item as unknown[], budget)
  return true
}
