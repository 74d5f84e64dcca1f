import type { Alternative } from './alternatives.js'
import { CLONE_SITES } from './clone-template.js'
import { setOwn } from './own.js'
import { slotPlan } from './unmap-plan.js'
import type { KeyEntry, Plan, Shape, Slot, UnmapContext } from './unmap-plan.js'

function ownRenames(plan: Plan): boolean {
  for (const [key, entry] of plan.table) if (entry.target !== key) return true
  return false
}

function children(context: UnmapContext, plan: Plan): Plan[] {
  const slots: Slot[] = []
  for (const entry of plan.table.values()) slots.push(entry.slot)
  for (const { slot } of plan.patterns) slots.push(slot)
  if (plan.additional !== undefined) slots.push(plan.additional)
  if (plan.prefix !== undefined) slots.push(...plan.prefix)
  if (plan.items !== undefined) slots.push(plan.items)
  const plans = slots.map((slot) => slotPlan(context, slot))
  for (const union of plan.unions) plans.push(...union.branches)
  return plans
}

/**
 * Whether any key can be renamed in a value this plan describes, at any
 * depth. Values below a plan that cannot rename are never walked: that is
 * most of a typical tool call (plain strings, numbers, untouched objects).
 * Recursive schemas make the plans a graph, so the answer is a search over
 * everything reachable, cached on the plan it was asked for.
 */
export function isLive(context: UnmapContext, plan: Plan): boolean {
  if (plan.live !== undefined) return plan.live
  const seen = new Set<Plan>([plan])
  const stack = [plan]
  let live = false
  while (stack.length > 0) {
    const current = stack.pop()!
    if (current.live === false) continue
    if (current.live === true || ownRenames(current)) {
      live = true
      break
    }
    for (const child of children(context, current)) {
      if (!seen.has(child)) {
        seen.add(child)
        stack.push(child)
      }
    }
  }
  plan.live = live
  return live
}

function lookup(plans: readonly Plan[], key: string): KeyEntry | undefined {
  let found: KeyEntry | undefined
  for (const plan of plans) {
    const entry = plan.table.get(key)
    if (entry === undefined) continue
    // A key that is an original name somewhere is that name, never a renamed form.
    if (entry.target === key) return entry
    found ??= entry
  }
  return found
}

function restSlot(plans: readonly Plan[], key: string): Slot | undefined {
  for (const plan of plans) {
    for (const { test, slot } of plan.patterns) if (test(key)) return slot
  }
  for (const plan of plans) if (plan.additional !== undefined) return plan.additional
  return undefined
}

// Shapes take the template spread sites in turn.
let nextSite = 0

function computeShape(context: UnmapContext, alternative: Alternative, keys: readonly string[]): Shape {
  const plans = alternative.plans
  const present = new Set(keys)
  const written = new Set<string>()
  const targets: string[] = []
  const childPlans: Array<Plan | undefined> = []
  const template: Record<string, unknown> = {}
  let renames = false
  let walks = false
  for (const key of keys) {
    let target = key
    let slot: Slot | undefined
    const entry = lookup(plans, key)
    if (entry === undefined) {
      slot = restSlot(plans, key)
    } else if (entry.target === key || !present.has(entry.target)) {
      // (Otherwise the original spelling is there too: it keeps its name and
      // this renamed form stays exactly as it came, so no value is lost.)
      target = entry.target
      slot = entry.slot
    }
    if (target !== key && written.has(target)) target = key
    written.add(target)
    const child = slot === undefined ? undefined : slotPlan(context, slot)
    const livePlan = child !== undefined && isLive(context, child) ? child : undefined
    renames ||= target !== key
    walks ||= livePlan !== undefined
    targets.push(target)
    childPlans.push(livePlan)
    setOwn(template, target, undefined)
  }
  nextSite = (nextSite + 1) % CLONE_SITES
  return {
    alternative,
    keys,
    targets,
    plans: childPlans,
    renames,
    inert: !renames && !walks,
    template,
    site: nextSite,
    uses: 0,
    generated: undefined,
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false
  return true
}

// Tool calls to one tool repeat the same few key orders: what to do with
// each key is decided once per order, then reused without a lookup.
const SHAPES_KEPT = 4

/**
 * What to do with each key of an argument object with these keys, in this
 * order, under the union alternative chosen for it. Where the alternative
 * is the same for every object (`fixed`), the shape also becomes the
 * plan's `last`, which the fast path of unmap-value tries first; where it
 * depends on the value, every object goes through the choice first.
 */
export function shapeFor(
  context: UnmapContext,
  plan: Plan,
  alternative: Alternative,
  keys: readonly string[],
  fixed: boolean,
): Shape {
  let shape = plan.shapes.find((known) => known.alternative === alternative && sameKeys(known.keys, keys))
  if (shape === undefined) {
    shape = computeShape(context, alternative, keys)
    if (plan.shapes.length >= SHAPES_KEPT) plan.shapes.shift()
    plan.shapes.push(shape)
  }
  if (fixed) plan.last = shape
  return shape
}
