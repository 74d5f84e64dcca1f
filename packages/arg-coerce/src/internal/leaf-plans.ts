import { NOT_PARSED, parseBoolean, parseNumber } from './parse-scalar.js'
import type { Plan } from './plan.js'
import { Kind, toPlan } from './plan.js'
import type { Shape } from './shape.js'
import { BOOLEAN, INTEGER, NUMBER } from './type-bits.js'

// The positions models get wrong most often are plain integer, number and
// boolean leaves. These tiny plans do exactly what the general ShapePlan does
// for such a shape, in a body small enough for V8 to inline at the call site.

// Plain objects of one shape (see `toPlan`), so that loading `kind` and
// `run` stays monomorphic in the object and array loops.
const integerLeaf: Plan = toPlan(INTEGER, Kind.Integer, (value) => {
  if (typeof value !== 'string') return value
  const number = parseNumber(value, true)
  return number === NOT_PARSED ? value : number
})
const numberLeaf: Plan = toPlan(NUMBER | INTEGER, Kind.Number, (value) => {
  if (typeof value !== 'string') return value
  const number = parseNumber(value, false)
  return number === NOT_PARSED ? value : number
})
const booleanLeaf: Plan = toPlan(BOOLEAN, Kind.Boolean, (value) => {
  if (typeof value !== 'string') return value
  const boolean = parseBoolean(value)
  return boolean === NOT_PARSED ? value : boolean
})

/** The shared leaf plan for a plain integer, number or boolean shape (no enum, no const), else undefined. */
export function leafPlanOf(shape: Shape): Plan | undefined {
  if (shape.enums.length > 0) return undefined
  switch (shape.types) {
    case INTEGER:
      return integerLeaf
    case NUMBER | INTEGER:
      return numberLeaf
    case BOOLEAN:
      return booleanLeaf
    default:
      return undefined
  }
}
