// Type-level checks, run by `tsc` (pnpm typecheck): the wrapped tools keep
// the caller's tool types, so `execute` and results stay typed.
import { tool, wrapLanguageModel } from 'ai'
import type { LanguageModelMiddleware } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { expectTypeOf } from 'vitest'
import * as z from 'zod'
import { coerceTools } from './coerce-tools.js'
import { toolCallFixes } from './tool-call-fixes.js'

const tools = {
  search: tool({ inputSchema: z.object({ limit: z.number() }), execute: async ({ limit }) => limit * 2 }),
}
expectTypeOf(coerceTools(tools)).toEqualTypeOf<typeof tools>()

expectTypeOf(toolCallFixes()).toEqualTypeOf<LanguageModelMiddleware>()
wrapLanguageModel({
  model: new MockLanguageModelV3(),
  middleware: toolCallFixes({ provider: 'gemini', splitBatches: false }),
})
// @ts-expect-error an unknown profile is a type error too
toolCallFixes({ provider: 'gemini-pro' })
