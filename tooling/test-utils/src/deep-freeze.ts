/**
 * Freezes a value and everything reachable from it, so a test fails loudly
 * (a `TypeError` in strict mode) if the code under test writes to its input.
 * Cycles are fine.
 */
export function deepFreeze<T>(value: T): T {
  const seen = new WeakSet<object>()
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const current = stack.pop()
    if (typeof current !== 'object' || current === null || seen.has(current)) continue
    seen.add(current)
    Object.freeze(current)
    for (const key of Reflect.ownKeys(current)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(current, key)
      if (descriptor && 'value' in descriptor) stack.push(descriptor.value)
    }
  }
  return value
}
