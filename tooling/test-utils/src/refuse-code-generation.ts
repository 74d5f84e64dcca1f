/** What `refuseCodeGeneration` returns. */
export interface CodeGenerationRefusal {
  /** How many times code generation was attempted (and refused) since the stub went in. */
  readonly attempts: () => number
  /** Puts the real `Function` back. */
  readonly restore: () => void
}

/**
 * Makes `new Function(...)` (and `Function(...)`) throw the `EvalError` an
 * engine that forbids code generation throws (a Content-Security-Policy
 * without 'unsafe-eval', Cloudflare Workers), for the packages' tests of
 * their fallback. Call `restore()` in a `finally` or `afterEach`.
 */
export function refuseCodeGeneration(): CodeGenerationRefusal {
  const real = globalThis.Function
  let attempts = 0
  const refusing = function refuse(): never {
    attempts++
    throw new EvalError('Code generation from strings disallowed for this context')
  }
  globalThis.Function = refusing as unknown as FunctionConstructor
  return {
    attempts: () => attempts,
    restore: () => {
      globalThis.Function = real
    },
  }
}
