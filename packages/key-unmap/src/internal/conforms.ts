import { JsonTypeBits, PATTERN_KEY_LIMIT, typeBitsOfValue } from '@x/schema-ref'
import { alternativesOf } from './alternatives.js'
import { slotNode } from './compile-node.js'
import type { Alternative, Conformance, Context, Node } from './node.js'

const { ANY, ARRAY, NULL, OBJECT } = JsonTypeBits

/** Values one "already has its types" check may look at, as in @x/arg-coerce: past it, "does not fit". */
export const CONFORM_BUDGET = 1024

function inEnums(enums: ReadonlyArray<readonly unknown[]>, value: unknown): boolean {
  for (const list of enums) if (!list.includes(value)) return false
  return true
}

/**
 * Whether an object value already has the types of an alternative: its
 * `enum` / `const`, every name it requires, and every declared property the
 * value owns, through nested declared properties and items. What @x/arg-coerce asks before it
 * leaves a value to the branch it fits.
 */
export function objectFits(context: Context, alternative: Alternative, value: Record<string, unknown>): boolean {
  if (!inEnums(alternative.enums, value)) return false
  return !alternative.hasProperties || propertiesConform(context, alternative, value, { left: CONFORM_BUDGET })
}

/** Whether an array value's items already have the types an alternative gives their positions. */
export function arrayFits(context: Context, alternative: Alternative, value: readonly unknown[]): boolean {
  if (!inEnums(alternative.enums, value)) return false
  return itemsConform(context, alternative, value, { left: CONFORM_BUDGET })
}

function propertiesConform(
  context: Context,
  alternative: Alternative,
  value: Record<string, unknown>,
  budget: { left: number },
): boolean {
  // As many reads as the schema lists; a name counts under either spelling, as selectObjectBranch counts it here.
  for (const [name, renamed] of alternative.required)
    if (!Object.hasOwn(value, name) && !Object.hasOwn(value, renamed)) return false
  const nodes = alternative.nodes
  // Undeclared keys are reached only through patterns or additionalProperties: without them, no walk over the value.
  if (!nodes.some((node) => node.patterns.length > 0 || node.additional !== undefined || node.closed)) {
    for (const node of nodes) {
      for (const [key, entry] of node.table) {
        if (Object.hasOwn(value, key) && !conforms(context, slotNode(context, entry.slot), value[key], budget))
          return false
      }
    }
    return true
  }
  // Each key read spends the budget, reached or not: a huge object costs at most the budget in checks.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    if (--budget.left < 0 || !restConforms(context, nodes, key, value[key], budget)) return false
  }
  return true
}

// One key as @x/arg-coerce reaches it: its declared schemas and every
// pattern that matches it, else (when no pattern might) `additionalProperties`,
// where `false` admits nothing.
function restConforms(
  context: Context,
  nodes: readonly Node[],
  key: string,
  item: unknown,
  budget: { left: number },
): boolean {
  let declared = false
  let patterned = false
  for (const node of nodes) {
    const entry = node.table.get(key)
    if (entry !== undefined) {
      declared = true
      if (!conforms(context, slotNode(context, entry.slot), item, budget)) return false
    }
    for (const { test, slot } of node.patterns) {
      if (!test(key)) continue
      declared = true
      if (!conforms(context, slotNode(context, slot), item, budget)) return false
    }
    patterned ||= node.opaque || (node.patterns.length > 0 && key.length > PATTERN_KEY_LIMIT)
  }
  if (declared || patterned) return true
  for (const node of nodes) {
    if (node.closed) return false
    if (node.additional !== undefined && !conforms(context, slotNode(context, node.additional), item, budget))
      return false
  }
  return true
}

function itemsConform(
  context: Context,
  alternative: Alternative,
  value: readonly unknown[],
  budget: { left: number },
): boolean {
  for (let index = 0; index < value.length; index++) {
    const slot = alternative.prefix?.[index] ?? alternative.items
    if (slot !== undefined && !conforms(context, slotNode(context, slot), value[index], budget)) return false
  }
  return true
}

// How @x/arg-coerce compiles a nested position for this check: nothing to
// check where no value could ever change (untyped with nothing below, or
// nothing admitted); a union checks its types only, and inside its one
// object branch (or its one array branch); a position of one alternative
// descends only where it admits exactly objects (or arrays), null aside.
function conformanceOf(node: Node): Conformance | null {
  if (node.conformance !== undefined) return node.conformance
  const { all, objects, arrays } = alternativesOf(node)
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
    const list = arrays.length === 1 ? arrays[0]! : undefined
    conformance = {
      types: all.reduce((bits, alternative) => bits | alternative.types, 0),
      enums: [],
      object: single !== undefined && single.hasProperties && (single.types & ~NULL) === OBJECT ? single : undefined,
      array:
        list !== undefined && (list.prefix !== undefined || list.items !== undefined) && (list.types & ~NULL) === ARRAY
          ? list
          : undefined,
    }
  }
  node.conformance = conformance
  return conformance
}

function conforms(context: Context, node: Node, item: unknown, budget: { left: number }): boolean {
  if (--budget.left < 0) return false
  const conformance = conformanceOf(node)
  if (conformance === null) return true
  const bits = typeBitsOfValue(item)
  if ((bits & conformance.types) === 0 || !inEnums(conformance.enums, item)) return false
  if (bits === OBJECT && conformance.object !== undefined)
    return propertiesConform(context, conformance.object, item as Record<string, unknown>, budget)
  if (bits === ARRAY && conformance.array !== undefined)
    return itemsConform(context, conformance.array, item as unknown[], budget)
  return true
}
