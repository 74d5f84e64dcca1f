import { MAX_DEPTH } from './keywords.js'
import { isObject, setOwn } from './own.js'
import { slotPlan } from './unmap-plan.js'
import type { KeyEntry, Plan, Slot, UnmapContext } from './unmap-plan.js'

function score(plan: Plan, keys: readonly string[]): number {
  let count = 0
  for (const key of keys) if (plan.table.has(key)) count++
  return count
}

// Of each union, the branch that recognises most of the value's keys (the
// first on a tie, none when no branch knows any key), and the same again
// inside the chosen branch.
function select(plan: Plan, keys: readonly string[], chosen: Plan[]): void {
  chosen.push(plan)
  for (const group of plan.groups) {
    let best: Plan | undefined
    let bestScore = 0
    for (const branch of group) {
      const branchScore = score(branch, keys)
      if (branchScore > bestScore) {
        best = branch
        bestScore = branchScore
      }
    }
    if (best !== undefined) select(best, keys, chosen)
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
    for (const { pattern, slot } of plan.patterns) if (pattern.test(key)) return slot
  }
  for (const plan of plans) if (plan.additional !== undefined) return plan.additional
  return undefined
}

function unmapObject(value: Record<string, unknown>, plan: Plan, context: UnmapContext, depth: number): unknown {
  const keys = Object.keys(value)
  let plans: readonly Plan[] = [plan]
  if (plan.groups.length > 0) {
    const chosen: Plan[] = []
    select(plan, keys, chosen)
    plans = chosen
  }
  let out: Record<string, unknown> | undefined
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    const child = value[key]
    let target = key
    let next = child
    const entry = plans.length === 1 ? plan.table.get(key) : lookup(plans, key)
    if (entry !== undefined) {
      // The original spelling is already there: it keeps its place and this
      // renamed form stays as it came, so neither value is lost.
      if (entry.target === key || !Object.hasOwn(value, entry.target)) {
        target = entry.target
        if (typeof child === 'object' && child !== null) next = unmapValue(child, slotPlan(context, entry.slot), context, depth + 1)
      }
    } else if (typeof child === 'object' && child !== null) {
      const rest = restSlot(plans, key)
      if (rest !== undefined) next = unmapValue(child, slotPlan(context, rest), context, depth + 1)
    }
    if (out === undefined && (target !== key || next !== child)) {
      out = {}
      for (let before = 0; before < index; before++) setOwn(out, keys[before]!, value[keys[before]!])
    }
    if (out !== undefined) setOwn(out, target !== key && Object.hasOwn(out, target) ? key : target, next)
  }
  return out ?? value
}

function arrayPlan(plan: Plan): Plan | undefined {
  if (plan.prefix !== undefined || plan.items !== undefined) return plan
  // In a union, the first branch that describes arrays.
  for (const group of plan.groups) {
    for (const branch of group) {
      const found = arrayPlan(branch)
      if (found !== undefined) return found
    }
  }
  return undefined
}

function unmapArray(value: readonly unknown[], plan: Plan, context: UnmapContext, depth: number): unknown {
  const source = arrayPlan(plan)
  if (source === undefined) return value
  let out: unknown[] | undefined
  for (let index = 0; index < value.length; index++) {
    const child = value[index]
    let next = child
    const slot = source.prefix?.[index] ?? source.items
    if (slot !== undefined && typeof child === 'object' && child !== null) next = unmapValue(child, slotPlan(context, slot), context, depth + 1)
    if (out === undefined && next !== child) out = value.slice(0, index)
    if (out !== undefined) out.push(next)
  }
  return out ?? value
}

/** Restores original names in `value` as `plan` describes it; the same value back when nothing changes. */
export function unmapValue(value: unknown, plan: Plan, context: UnmapContext, depth: number): unknown {
  if (depth > MAX_DEPTH) return value
  if (Array.isArray(value)) return unmapArray(value, plan, context, depth)
  if (isObject(value)) return unmapObject(value, plan, context, depth)
  return value
}
