/**
 * How many times `run` calls `owner[method]` (a built-in such as
 * `Set.prototype.has`), counted by a plain wrapper rather than a spy: a spy
 * records every call's arguments, and the old quadratic code paths these
 * counts guard against make tens of millions of calls. With `weigh`, each
 * call counts for what it returns for the call's arguments instead of 1.
 */
export function countCalls<Owner extends object>(
  owner: Owner,
  method: keyof Owner & string,
  run: () => void,
  weigh: (...args: unknown[]) => number = () => 1,
): number {
  const original = owner[method] as (...args: unknown[]) => unknown
  let count = 0
  Object.defineProperty(owner, method, {
    configurable: true,
    writable: true,
    value: function counted(this: unknown, ...args: unknown[]) {
      count += weigh(...args)
      return original.apply(this, args)
    },
  })
  try {
    run()
  } finally {
    Object.defineProperty(owner, method, { configurable: true, writable: true, value: original })
  }
  return count
}
