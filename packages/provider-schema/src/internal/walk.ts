import { isNamedByTags, selectArrayBranch } from '@x/schema-ref'
import { LIMITS } from './limits.js'
import { FAILED, isRecord, parseJson, setOwn } from './own.js'
import type { Field, Plan } from './plan.js'
import { EMPTY_PLAN } from './plan.js'

type Direction = 'restore' | 'model'

/** The plans that apply to an object value: the position's own, its `allOf` members, the branch that fits best. */
function objectPlans(plan: Plan, value: Record<string, unknown>, direction: Direction): Plan[] {
  const plans = [plan]
  if (plan.all !== undefined) plans.push(...plan.all)
  const branch = pickBranch(plan, value, direction)
  if (branch !== undefined) plans.push(branch)
  return plans
}

// Keys and items one "can the value be of this branch" reading may look at,
// for the whole value (not per item), as in @x/key-unmap and @x/arg-coerce:
// past it, "does not fit", as there. A budget of our own (say, one per item)
// would rename keys under a branch the other two cannot confirm, and so
// cannot restore.
const FIT_BUDGET = 1024

/**
 * How many of the value's keys the position declares, or -1 when the value
 * cannot be of it: a required key missing, a declared key whose value is not
 * of its type, or another key that `additionalProperties` forbids (`false`)
 * or types otherwise. Each key looked at spends the budget, and its value
 * once more (read or not), at any depth, as @x/key-unmap spends where it
 * reads every key: running out no later than that reading keeps this one
 * from taking a branch that one cannot confirm (and so cannot restore).
 */
function score(plan: Plan, value: Record<string, unknown>, depth: number, budget: { left: number }): number {
  if (plan.fields === undefined && plan.additional === undefined && !plan.types.includes('object')) return -1
  if (plan.required !== undefined) for (const name of plan.required) if (!Object.hasOwn(value, name)) return -1
  // Strict mode's model form carries a null for each optional property the tool's form omits: reading the omission as
  // that key and its null makes both directions of the round trip spend the budget alike.
  if (plan.optional !== undefined)
    for (const name of plan.optional) if (!Object.hasOwn(value, name) && (budget.left -= 2) < 0) return -1
  // No table and nothing that judges other keys: the keys need no reading.
  if (plan.fields === undefined && plan.additional === undefined && !plan.closed) return 0
  let matched = 0
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    if (--budget.left < 0) return -1
    const found = plan.fields?.get(key)
    if (found !== undefined) {
      if (!fits(found.plan, value[key], depth + 1, budget)) return -1
      matched++
    } else if (plan.patterned) {
      // The pattern's value goes unread here but not in the other packages' reading: it spends as if read.
      if (--budget.left < 0) return -1
    } else if (plan.closed || (plan.additional !== undefined && !fits(plan.additional, value[key], depth + 1, budget)))
      return -1
  }
  return matched
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function admits(plan: Plan, type: string): boolean {
  return !plan.json && (plan.types.includes(type) || (type === 'integer' && plan.types.includes('number')))
}

/**
 * A shallow reading of whether `value` can be of the position `plan`
 * describes (to tell union branches apart): its type, an object's keys (see
 * `score`) and an array's items, four levels deep; each value looked at
 * spends the budget, as each key does.
 */
function fits(plan: Plan | undefined, value: unknown, depth: number, budget: { left: number }): boolean {
  if (--budget.left < 0) return false
  if (plan === undefined || plan.json || depth > 4) return true
  if (plan.branches !== undefined && plan.branches.some((branch) => fits(branch, value, depth + 1, budget))) return true
  const types = plan.types.length > 0 ? plan.types : plan.valueTypes
  if (types.length === 0) return plan.branches === undefined
  const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeOf(value)
  const admitted = types.includes(type) || (type === 'integer' && types.includes('number'))
  if (type === 'object' && isRecord(value)) return admitted && score(plan, value, depth, budget) >= 0
  // Array branches alike at this level may differ in their items' items (strings, or objects with a renamed key).
  if (type === 'array' && admitted) return itemsFit(plan, value as readonly unknown[], depth, budget)
  return admitted
}

// Every item fits its position (a tuple's prefix, else items); past the budget, "does not fit".
// The one reading of "does this array fit that branch", at a union and inside a fit alike.
function itemsFit(plan: Plan, value: readonly unknown[], depth: number, budget: { left: number }): boolean {
  if (plan.items === undefined && plan.prefix === undefined) return true
  for (let index = 0; index < value.length; index++)
    if (!fits(plan.prefix?.[index] ?? plan.items, value[index], depth + 1, budget)) return false
  return true
}

const describesItems = (branch: Plan): boolean => branch.items !== undefined || branch.prefix !== undefined
const arrayFits = (branch: Plan, value: readonly unknown[]): boolean => itemsFit(branch, value, 0, { left: FIT_BUDGET })

/**
 * The union branch the value took: for an object, among the branches it can
 * be of, the one its tags name (a `const` or one-value `enum` property it
 * carries with that value: where branches declare the same names, the tag
 * decides which one's optional properties strict mode made nullable), else
 * the one declaring most of its keys; for an array, the first array branch
 * whose items all fit (arrays among them read to their own items) within one
 * budget for the whole value, those that describe their items before those
 * that admit any array (as @x/key-unmap restores names), else the first
 * array branch; otherwise none, unless
 * only a JSON-text branch can carry the value (a string read back, or any
 * value the other branches do not admit, on the way to the model).
 */
function pickBranch(plan: Plan, value: unknown, direction: Direction): Plan | undefined {
  const branches = plan.branches
  if (branches === undefined) return undefined
  const json = branches.find((branch) => branch.json)
  if (isRecord(value)) {
    let best: Plan | undefined
    let bestScore = -1
    let named: Plan | undefined
    let namedScore = -1
    for (const branch of branches) {
      const current = score(branch, value, 0, { left: FIT_BUDGET })
      if (current > bestScore) {
        best = branch
        bestScore = current
      }
      // The tags are read as @x/schema-ref's branch choice reads them (the one rule of what a tag names).
      if (current > namedScore && branch.tags !== undefined && isNamedByTags(branch.tags, value)) {
        named = branch
        namedScore = current
      }
    }
    return named ?? best ?? json
  }
  if (Array.isArray(value)) {
    const arrays = branches.filter((branch) => describesItems(branch) || admits(branch, 'array'))
    // The order @x/schema-ref's choice gives @x/arg-coerce and @x/key-unmap: branches that describe items first.
    // None fits only where all describe items (one that does not always fits), so arrays[0] is @x/key-unmap's fallback.
    return arrays[selectArrayBranch(arrays, value, arrayFits, describesItems)] ?? arrays[0] ?? json
  }
  if (json === undefined) return undefined
  const type = typeOf(value)
  if (direction === 'restore')
    return type === 'string' && !branches.some((branch) => admits(branch, 'string')) ? json : undefined
  return branches.some((branch) => admits(branch, type)) ? undefined : json
}

function field(plans: readonly Plan[], key: string): Field | undefined {
  for (const plan of plans) {
    const found = plan.fields?.get(key)
    if (found !== undefined) return found
  }
  return undefined
}

function childPlan(plans: readonly Plan[], key: string): Plan | undefined {
  const found = field(plans, key)
  if (found !== undefined) return found.plan
  for (const plan of plans) if (plan.additional !== undefined) return plan.additional
  return undefined
}

function isOptional(plans: readonly Plan[], key: string): boolean {
  return plans.some((plan) => plan.optional?.has(key) === true)
}

function mapArray(value: readonly unknown[], plan: Plan, step: (item: unknown, plan: Plan) => unknown): unknown {
  let out: unknown[] | undefined
  for (let index = 0; index < value.length; index++) {
    const itemPlan = plan.prefix?.[index] ?? plan.items
    if (itemPlan === undefined) continue
    const next = step(value[index], itemPlan)
    if (next !== value[index]) {
      out ??= value.slice()
      out[index] = next
    }
  }
  return out ?? value
}

/** Undoes strict mode and JSON text on arguments that already carry the tool's names. */
export function restoreValue(value: unknown, plan: Plan, depth: number, state: { parsed: boolean }): unknown {
  if (depth > LIMITS.maxValueDepth) return value
  if (plan.json) {
    if (typeof value !== 'string') return value
    const parsed = parseJson(value)
    if (parsed === FAILED) return value
    state.parsed = true
    return parsed
  }
  if (Array.isArray(value)) {
    const branch = plan.items === undefined && plan.prefix === undefined ? pickBranch(plan, value, 'restore') : plan
    if (branch !== undefined && branch.json) return value
    return branch === undefined
      ? value
      : mapArray(value, branch, (item, itemPlan) => restoreValue(item, itemPlan, depth + 1, state))
  }
  if (!isRecord(value)) {
    const branch = pickBranch(plan, value, 'restore')
    return branch === undefined ? value : restoreValue(value, branch, depth, state)
  }
  // The usual position, one object schema without allOf or a union, reads its own tables directly.
  const plans = plan.all === undefined && plan.branches === undefined ? undefined : objectPlans(plan, value, 'restore')
  let out: Record<string, unknown> | undefined
  const keys = Object.keys(value)
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    const child = value[key]
    const drop = child === null && (plans === undefined ? plan.optional?.has(key) === true : isOptional(plans, key))
    const sub = drop
      ? undefined
      : plans === undefined
        ? (plan.fields?.get(key)?.plan ?? plan.additional)
        : childPlan(plans, key)
    const next = sub === undefined || sub === EMPTY_PLAN ? child : restoreValue(child, sub, depth + 1, state)
    if ((drop || next !== child) && out === undefined) {
      out = {}
      for (let earlier = 0; earlier < index; earlier++) setOwn(out, keys[earlier]!, value[keys[earlier]!])
    }
    if (out !== undefined && !drop) setOwn(out, key, next)
  }
  return out ?? value
}

function toJsonText(value: unknown): unknown {
  try {
    const text = JSON.stringify(value)
    return typeof text === 'string' ? text : value
  } catch {
    return value
  }
}

/** The tool's arguments in the form the model was shown: renamed keys, strict nulls, JSON text. */
export function toModelValue(value: unknown, plan: Plan, depth: number): unknown {
  if (depth > LIMITS.maxValueDepth) return value
  if (plan.json) return value === undefined ? value : toJsonText(value)
  if (Array.isArray(value)) {
    const branch = plan.items === undefined && plan.prefix === undefined ? pickBranch(plan, value, 'model') : plan
    if (branch !== undefined && branch.json) return toModelValue(value, branch, depth)
    return branch === undefined
      ? value
      : mapArray(value, branch, (item, itemPlan) => toModelValue(item, itemPlan, depth + 1))
  }
  if (!isRecord(value)) {
    const branch = pickBranch(plan, value, 'model')
    return branch === undefined ? value : toModelValue(value, branch, depth)
  }
  const branch = pickBranch(plan, value, 'model')
  if (branch !== undefined && branch.json && plan.fields === undefined) return toModelValue(value, branch, depth)
  const plans = objectPlans(plan, value, 'model')
  const out: Record<string, unknown> = {}
  let changed = false
  for (const key of Object.keys(value)) {
    const found = field(plans, key)
    const sub = found?.plan ?? childPlan(plans, key)
    const child = value[key]
    const next = sub === undefined ? child : toModelValue(child, sub, depth + 1)
    const name = found?.sent ?? key
    if (name !== key || next !== child) changed = true
    // A renamed key never overwrites a key the tool's arguments already carry under that spelling.
    if (name !== key && Object.hasOwn(value, name)) setOwn(out, key, next)
    else setOwn(out, name, next)
  }
  for (const owner of plans) {
    if (owner.optional === undefined) continue
    for (const name of owner.optional) {
      if (Object.hasOwn(value, name)) continue
      const sent = field(plans, name)?.sent ?? name
      if (Object.hasOwn(out, sent)) continue
      setOwn(out, sent, null)
      changed = true
    }
  }
  return changed ? out : value
}
