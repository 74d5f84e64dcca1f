// Copying an argument array without reading what it does not own: after `Array.prototype[1] = 'x'`, `[0, , 2].slice()`
// owns `1: 'x'`. Holes stay holes (JSON cannot send one, so a value a prototype supplied never reaches a tool).

// Whether a hole of `value` can read an element from a prototype: one that is not Array.prototype, an Array.prototype
// that holds an index (it is an array: its length is no longer 0), or an enumerable key on Object.prototype.
export function inheritsElements(value: unknown[]): boolean {
  if (Object.getPrototypeOf(value) !== Array.prototype || Array.prototype.length !== 0) return true
  for (const _key in Object.prototype) return true
  return false
}

/** A copy of `value`'s own elements, holes kept (for when `slice` would fill them). */
export function ownElements(value: unknown[]): unknown[] {
  const copy = new Array<unknown>(value.length)
  for (let index = 0; index < value.length; index++) if (Object.hasOwn(value, index)) copy[index] = value[index]
  return copy
}
