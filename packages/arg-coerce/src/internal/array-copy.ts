// Copying an argument array without reading what it does not own: after `Array.prototype[1] = 'x'`, `[0, , 2].slice()`
// owns `1: 'x'`. Holes stay holes (JSON cannot send one, so a value a prototype supplied never reaches a tool). A hole
// may inherit an element when the prototype is not Array.prototype, when Array.prototype holds an index (it is an
// array: its length is no longer 0), or when Object.prototype has an enumerable key.
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
