// unmapArgKeys with settings of a test's own (when code is generated, a
// fresh engine probe, a count of compiled functions), instead of changing
// state the package shares.
import { unmapWith } from '../internal/unmap-with.js'
import type { KeyUnmapOptions } from '../types.js'

export interface UnmapUnderTest {
  readonly unmap: (schema: unknown, args: unknown, options?: KeyUnmapOptions) => unknown
  /** How many functions these settings compiled so far. */
  readonly compiled: () => number
  /** Whether the engine allowed code generation, once probed. */
  readonly available: () => boolean | undefined
}

export function unmapWithSettings({ generateAfter = 2 }: { generateAfter?: number } = {}): UnmapUnderTest {
  let compiled = 0
  const engine: { available: boolean | undefined } = { available: undefined }
  const settings = { generateAfter, engine, onCompile: () => void compiled++ }
  return {
    unmap: (schema, args, options) => unmapWith(settings, schema, args, options),
    compiled: () => compiled,
    available: () => engine.available,
  }
}
