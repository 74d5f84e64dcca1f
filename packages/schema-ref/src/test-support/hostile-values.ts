// Values whose reads throw, for the "never throws on any input" tests.

/** A Proxy already revoked: every read of it throws a TypeError. */
export const revoked = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

/** A copy of `value` whose `key` is an enumerable getter that throws. */
export const throwingAt = (value: Record<string, unknown>, key: string): Record<string, unknown> =>
  Object.defineProperty({ ...value }, key, {
    enumerable: true,
    get() {
      throw new Error('boom')
    },
  })
