import { JsonPointerError } from '../json-pointer-error.js'

/** Runs `run` and returns the JsonPointerError it throws; fails otherwise. For tests only. */
export function caught(run: () => unknown): JsonPointerError {
  try {
    run()
  } catch (error) {
    if (error instanceof JsonPointerError) return error
    throw new Error(`expected a JsonPointerError, got ${String(error)}`, { cause: error })
  }
  throw new Error('expected a JsonPointerError, nothing was thrown')
}
