import { MAX_DEPTH } from './keywords.js'
import { cloneTemplate } from './clone-template.js'
import { setOwn } from './own.js'
import { storeAt } from './store-at.js'
import { slotPlan } from './unmap-plan.js'
import type { Plan, Shape, UnmapContext } from './unmap-plan.js'
import { alternativesOf, arrayAlternative, objectAlternative } from './alternatives.js'
import { isLive, shapeFor } from './unmap-shape.js'
import { codegen, generateShape } from './generated-shape.js'

/** The value's keys are not the shape's, in its order: the caller falls back to the general path. */
const MISMATCH: unique symbol = Symbol('mismatch')

/** At most this many key orders of one schema position get generated code; later ones keep the interpreter. */
const MAX_SPECIALIZED_ORDERS = 8

/**
 * The fast path, for a value with the same keys in the same order as the
 * plan's last shape: one for...in over the value (V8 reads `value[key]`
 * from its enum cache, where `Object.keys` allocates an array and each read
 * is a lookup by name), checked key by key against the shape. Inherited
 * enumerable keys (a polluted prototype) come after the own ones: where the
 * shape has another key or none, a mismatch; where the shape's last keys
 * happen to be the inherited ones (a key order seen before the pollution),
 * the last key is not own, and that is a mismatch too (for...in lists own
 * keys first, so the last key being own means every key is). Never a key
 * copied from a prototype. Pure, so a mismatch found halfway only costs the
 * work done so far.
 *
 * A renaming shape used often is specialized into generated code that
 * does the same (see generated-shape.ts).
 *
 * Writes are plain assignments (see storeAt): `out` is a clone of the
 * shape's template, where every output key, `__proto__` included, is
 * already an own data property, so no assignment reaches the inherited
 * `__proto__` setter.
 */
function unmapInShape(
  value: Record<string, unknown>,
  plan: Plan,
  shape: Shape,
  context: UnmapContext,
  depth: number,
): unknown {
  if (shape.renames) {
    const generated = shape.generated
    if (generated != null) return generated(value, context, depth)
    if (generated === undefined && ++shape.uses >= codegen.after && codegen.call >= codegen.after && codegen.allowed) {
      // A model cycling through many key orders for one object position
      // would otherwise make every few objects compile a function.
      const specialized = (shape.generated =
        plan.specialized < MAX_SPECIALIZED_ORDERS ? (generateShape(shape, MISMATCH, unmapValue) ?? null) : null)
      if (specialized !== null) {
        plan.specialized++
        return specialized(value, context, depth)
      }
    }
  }
  const { keys, targets, plans, template } = shape
  let index = 0
  if (shape.inert) {
    // (Nothing is copied here, so an inherited key does no harm.)
    for (const key in value) if (keys[index++] !== key) return MISMATCH
    return index === keys.length ? value : MISMATCH
  }
  let out = shape.renames ? cloneTemplate(template, shape.site) : undefined
  for (const key in value) {
    if (keys[index] !== key) return MISMATCH
    const child = value[key]
    const childPlan = plans[index]
    const next =
      childPlan !== undefined && typeof child === 'object' && child !== null
        ? unmapValue(child, childPlan, context, depth + 1)
        : child
    if (out === undefined) {
      if (next === child) {
        index++
        continue
      }
      out = cloneTemplate(template, shape.site)
      for (let before = 0; before < index; before++) storeAt(out, before, targets[before]!, value[keys[before]!])
    }
    storeAt(out, index, targets[index]!, next)
    index++
  }
  return index === keys.length && Object.hasOwn(value, keys[index - 1]!) ? (out ?? value) : MISMATCH
}

function unmapObject(value: Record<string, unknown>, plan: Plan, context: UnmapContext, depth: number): unknown {
  const last = plan.last
  if (last !== undefined) {
    const result = unmapInShape(value, plan, last, context, depth)
    if (result !== MISMATCH) return result
  }
  const keys = Object.keys(value)
  if (keys.length === 0) return value
  const fixed = alternativesOf(plan).fixed
  const alternative = fixed ?? objectAlternative(context, plan, value)
  const shape = shapeFor(context, plan, alternative, keys, fixed !== undefined)
  if (shape.inert) return value
  if (shape.renames) {
    // Through the shape like every later object of this key order, so each
    // one counts towards its specialization; a mismatch here (inherited
    // enumerable keys after the own ones) continues below.
    const result = unmapInShape(value, plan, shape, context, depth)
    if (result !== MISMATCH) return result
  }
  const { targets, plans, template } = shape
  let out = shape.renames ? { ...template } : undefined
  for (let index = 0; index < keys.length; index++) {
    const child = value[keys[index]!]
    const childPlan = plans[index]
    const next =
      childPlan !== undefined && typeof child === 'object' && child !== null
        ? unmapValue(child, childPlan, context, depth + 1)
        : child
    if (out === undefined) {
      if (next === child) continue
      out = { ...template }
      for (let before = 0; before < index; before++) setOwn(out, targets[before]!, value[keys[before]!])
    }
    setOwn(out, targets[index]!, next)
  }
  return out ?? value
}

// The first `end` items as own elements, holes kept as holes: `slice` would
// copy a value inherited from a polluted Array.prototype into a hole.
function ownItems(value: readonly unknown[], end: number): unknown[] {
  const out: unknown[] = []
  out.length = end
  for (let index = 0; index < end; index++) if (Object.hasOwn(value, index)) out[index] = value[index]
  return out
}

function unmapArray(value: readonly unknown[], plan: Plan, context: UnmapContext, depth: number): unknown {
  const source = arrayAlternative(context, plan, value)
  if (source === undefined) return value
  let out: unknown[] | undefined
  for (let index = 0; index < value.length; index++) {
    const child = value[index]
    let next = child
    const slot = source.prefix?.[index] ?? source.items
    // (A hole reads through to Array.prototype: only own items are unmapped.)
    if (slot !== undefined && typeof child === 'object' && child !== null && Object.hasOwn(value, index)) {
      const childPlan = slotPlan(context, slot)
      if (isLive(context, childPlan)) next = unmapValue(child, childPlan, context, depth + 1)
    }
    if (out === undefined && next !== child) out = ownItems(value, index)
    if (out === undefined) continue
    if (Object.hasOwn(value, index)) out[index] = next
    else out.length = index + 1
  }
  return out ?? value
}

/**
 * Objects and arrays one call walks before it remembers what each became.
 * Arguments built in JS can share a sub-object (a DAG, or a cycle with two
 * back-references), and a walk once per path would double at every level;
 * past this many, each (object, plan, depth) is unmapped once and shared,
 * which keeps the walk linear. Below it (every ordinary call) nothing is
 * remembered, so the common path pays no lookup.
 */
export const WALKS_BEFORE_MEMO = 10_000

function walk(value: object, plan: Plan, context: UnmapContext, depth: number): unknown {
  if (Array.isArray(value)) return unmapArray(value, plan, context, depth)
  return unmapObject(value as Record<string, unknown>, plan, context, depth)
}

// (The depth is part of the key: below MAX_DEPTH a value is left as it is,
// so one object reached at two depths may come out differently.)
function walkOnce(value: object, plan: Plan, context: UnmapContext, depth: number): unknown {
  const memo = (context.memo ??= new Map())
  let memos = memo.get(value)
  if (memos !== undefined) {
    for (const known of memos) if (known.plan === plan && known.depth === depth) return known.result
  } else {
    memo.set(value, (memos = []))
  }
  const result = walk(value, plan, context, depth)
  memos.push({ plan, depth, result })
  return result
}

/** Restores original names in `value` as `plan` describes it; the same value back when nothing changes. */
export function unmapValue(value: unknown, plan: Plan, context: UnmapContext, depth: number): unknown {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null || !isLive(context, plan)) return value
  if (++context.visited > WALKS_BEFORE_MEMO) return walkOnce(value, plan, context, depth)
  return walk(value, plan, context, depth)
}
