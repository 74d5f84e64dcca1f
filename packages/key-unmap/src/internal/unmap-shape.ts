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
  for (const group of plan.groups) plans.push(...group)
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

/**
 * How many plans the union choice for one key order may score. Past it, a
 * branch not scored yet counts as knowing no key. Plans are a graph that a
 * small schema can make large (thirteen nested two-way unions of one
 * definition flatten into thousands of plans), and key orders come from
 * model output: every new one would otherwise pay for the whole graph.
 */
export const SCORE_BUDGET = 1_000

/** One key order being scored: each plan is scored once (unions share branches), and at most SCORE_BUDGET of them. */
interface Scoring {
  readonly keys: readonly string[]
  readonly present: ReadonlySet<string>
  readonly scores: Map<Plan, number>
  left: number
}

// How many of the keys a plan knows, its own unions counting by their best
// branch (a union of unions, zod's `anyOf: [anyOf: [...], null]`).
function score(plan: Plan, scoring: Scoring): number {
  const known = scoring.scores.get(plan)
  if (known !== undefined) return known
  if (scoring.left <= 0) return 0
  scoring.left--
  let count = 0
  if (plan.table.size < scoring.keys.length) {
    for (const key of plan.table.keys()) if (scoring.present.has(key)) count++
  } else {
    for (const key of scoring.keys) if (plan.table.has(key)) count++
  }
  for (const group of plan.groups) {
    let best = 0
    for (const branch of group) best = Math.max(best, score(branch, scoring))
    count += best
  }
  scoring.scores.set(plan, count)
  return count
}

// Of each union, the branch that recognises most of the value's keys (the
// first on a tie, none when no branch knows any key), and the same again
// inside the chosen branch.
function select(plan: Plan, scoring: Scoring, chosen: Plan[]): void {
  chosen.push(plan)
  for (const group of plan.groups) {
    let best: Plan | undefined
    let bestScore = 0
    for (const branch of group) {
      const branchScore = score(branch, scoring)
      if (branchScore > bestScore) {
        best = branch
        bestScore = branchScore
      }
    }
    if (best !== undefined) select(best, scoring, chosen)
  }
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

function computeShape(context: UnmapContext, plan: Plan, keys: readonly string[]): Shape {
  const plans: Plan[] = []
  const present = new Set(keys)
  select(plan, { keys, present, scores: new Map(), left: SCORE_BUDGET }, plans)
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

/** What to do with each key of an argument object with these keys, in this order. */
export function shapeFor(context: UnmapContext, plan: Plan, keys: readonly string[]): Shape {
  for (const shape of plan.shapes) {
    if (sameKeys(shape.keys, keys)) {
      plan.last = shape
      return shape
    }
  }
  const shape = computeShape(context, plan, keys)
  if (plan.shapes.length >= SHAPES_KEPT) plan.shapes.shift()
  plan.shapes.push(shape)
  plan.last = shape
  return shape
}

/** Of a plan and its unions, the first that describes arrays. */
export function arrayPlan(plan: Plan): Plan | undefined {
  if (plan.prefix !== undefined || plan.items !== undefined) return plan
  for (const group of plan.groups) {
    for (const branch of group) {
      const found = arrayPlan(branch)
      if (found !== undefined) return found
    }
  }
  return undefined
}
