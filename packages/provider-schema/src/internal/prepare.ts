import { coerceToolArgs } from '@x/arg-coerce'
import { sanitizeToolSchema, unmapArgKeys } from '@x/key-unmap'
import type { PreparedToolSchema } from '../types.js'
import type { JsonPatchOperation } from '../types.js'
import { diff } from './diff.js'
import { createMarks } from './marks.js'
import { FAILED, isRecord, parseJson } from './own.js'
import { planFor } from './plan.js'
import type { Profile } from './profiles.js'
import { rewriteSchema } from './rewrite.js'
import { restoreValue, toModelValue } from './walk.js'

/** Builds the prepared schema of one (schema, provider) pair; the caller caches it. */
export function prepare(original: unknown, profile: Profile): PreparedToolSchema {
  const marks = createMarks()
  const { schema: working, wrap } = rewriteSchema(original, profile, marks)
  const keyOptions = Object.freeze({ profile: profile.keyProfile })
  const sent = sanitizeToolSchema(working, keyOptions)
  const { plan, restores, differs } = planFor(working, marks, profile)

  function restore(modelArgs: unknown): unknown {
    let args = modelArgs
    if (typeof args === 'string') {
      const parsed = parseJson(args)
      if (parsed === FAILED) return modelArgs
      args = parsed
    }
    // The order matters: types against what the model saw, then the tool's
    // names, then strict nulls and JSON text, then the root unwrapped.
    args = coerceToolArgs(sent, args)
    args = unmapArgKeys(working, args, keyOptions)
    let parsedText = false
    if (restores) {
      const state = { parsed: false }
      args = restoreValue(args, plan, 0, state)
      parsedText = state.parsed
    }
    if (wrap !== undefined) {
      if (!isRecord(args) || !Object.hasOwn(args, wrap)) return args
      args = args[wrap]
    }
    // JSON text carried values the model could not type: coerce them against the tool's own schema.
    return parsedText || wrap !== undefined ? coerceToolArgs(original, args) : args
  }

  function restoreArgs(modelArgs: unknown): unknown {
    try {
      return restore(modelArgs)
    } catch {
      // Only a hostile value (a throwing getter, a proxy) gets here: it comes back as it was.
      return modelArgs
    }
  }

  function restoreArgsWithPatch(modelArgs: unknown): {
    readonly args: unknown
    readonly patch: readonly JsonPatchOperation[]
  } {
    const args = restoreArgs(modelArgs)
    const patch: JsonPatchOperation[] = []
    try {
      diff(modelArgs, args, [], patch)
    } catch {
      patch.length = 0
      patch.push({ op: 'replace', path: '', value: args })
    }
    return Object.freeze({ args, patch: Object.freeze(patch) })
  }

  function toModelArgs(toolArgs: unknown): unknown {
    try {
      const args = wrap === undefined ? toolArgs : { [wrap]: toolArgs }
      return differs ? toModelValue(args, plan, 0) : args
    } catch {
      return toolArgs
    }
  }

  return Object.freeze({
    provider: profile.provider,
    schema: sent as Readonly<Record<string, unknown>>,
    restoreArgs,
    restoreArgsWithPatch,
    toModelArgs,
  })
}
