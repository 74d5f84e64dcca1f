// Type-level checks of the public contract, run by `tsc` (pnpm typecheck)
// and vitest's typecheck: other packages build against these shapes.
import { describe, expectTypeOf, it } from 'vitest'
import type { CoercionPatchOperation } from '@x/arg-coerce'
import { checkProviderSchema, prepareToolSchema, prepareToolset, PROVIDER_NAMES } from './index.js'
import type {
  JsonPatchOperation,
  PreparedTool,
  ProviderName,
  ProviderSchemaViolation,
  RestoredCall,
  ToolDefinition,
} from './index.js'

describe('the public types', () => {
  it('names the seven providers', () => {
    expectTypeOf(PROVIDER_NAMES).toEqualTypeOf<readonly ProviderName[]>()
    expectTypeOf<ProviderName>().toEqualTypeOf<
      'anthropic' | 'openai' | 'openai-strict' | 'gemini' | 'bedrock' | 'mistral' | 'generic'
    >()
  })

  it('prepares a schema of any value, with a provider', () => {
    const prepared = prepareToolSchema({ type: 'object' }, { provider: 'gemini' })
    expectTypeOf(prepared.schema).toEqualTypeOf<Readonly<Record<string, unknown>>>()
    expectTypeOf(prepared.restoreArgs).toEqualTypeOf<(modelArgs: unknown) => unknown>()
    expectTypeOf(prepared.restoreArgsWithPatch('{}').patch).toEqualTypeOf<readonly JsonPatchOperation[]>()
    // @ts-expect-error: the provider is required
    prepareToolSchema({}, {})
    // @ts-expect-error: only the seven names
    prepareToolSchema({}, { provider: 'vertex' })
  })

  it('has a patch operation that every arg-coerce operation fits', () => {
    expectTypeOf<CoercionPatchOperation>().toExtend<JsonPatchOperation>()
  })

  it('narrows a restored call on ok', () => {
    const toolset = prepareToolset([{ name: 'a', inputSchema: {}, title: 'A' }], { provider: 'openai' })
    const call = toolset.restoreCall({ name: 'a', arguments: '{}' })
    expectTypeOf(call).toEqualTypeOf<RestoredCall>()
    if (call.ok) expectTypeOf(call.tool).toEqualTypeOf<PreparedTool>()
    else expectTypeOf(call.reason).toEqualTypeOf<'unknown-tool'>()
    expectTypeOf(toolset.tools[0]!.original).toEqualTypeOf<ToolDefinition>()
    expectTypeOf(toolset.providerName('a')).toEqualTypeOf<string | undefined>()
  })

  it('lists violations', () => {
    expectTypeOf(checkProviderSchema({}, 'bedrock')).toEqualTypeOf<readonly ProviderSchemaViolation[]>()
  })
})
