import type { ProviderName, PreparedTool, PreparedToolset } from '@x/provider-schema'
import { prepareToolset } from '@x/provider-schema'
import { inferProvider } from '../infer-provider.js'
import type { RequestFixes } from './request-fixes.js'
import { restoreCall } from './restore-call.js'
import { rewritePrompt } from './rewrite-prompt.js'
import type { CallOptions, CallTool, FunctionTool, WrappedModel } from './types.js'

/** The middleware's settings, read once from its options. */
export interface FixSettings {
  readonly provider: ProviderName | undefined
  readonly splitBatches: boolean
}

const unchanged = <Value>(value: Value): Value => value

/** Provider-side names of the function tools a request offers. */
export function declaredNames(params: CallOptions): Set<string> {
  const names = new Set<string>()
  for (const tool of params.tools ?? []) if (tool.type === 'function') names.add(tool.name)
  return names
}

function preparedTool(tool: FunctionTool, prepared: PreparedTool, provider: ProviderName): FunctionTool {
  const examples = tool.inputExamples?.map((example) => ({
    ...example,
    input: prepared.prepared.toModelArgs(example.input) as typeof example.input,
  }))
  return {
    ...tool,
    name: prepared.name,
    inputSchema: prepared.inputSchema as FunctionTool['inputSchema'],
    ...(examples === undefined ? {} : { inputExamples: examples }),
    // The prepared schema meets strict mode's rules; this asks OpenAI to enforce them.
    ...(provider === 'openai-strict' ? { strict: true } : {}),
  }
}

function toolChoice(
  choice: NonNullable<CallOptions['toolChoice']>,
  toolset: PreparedToolset,
): NonNullable<CallOptions['toolChoice']> {
  if (choice.type !== 'tool') return choice
  const name = toolset.providerName(choice.toolName)
  return name === undefined || name === choice.toolName ? choice : { ...choice, toolName: name }
}

/**
 * The request as the model will see it, and the fixes its answer needs:
 * every function tool prepared for the provider (name, schema, examples),
 * a forced tool choice and the earlier turns of the prompt written with the
 * names and keys the model is shown. Provider tools are kept as they are.
 *
 * The params are always a new object: it is the key the answer's fixes are
 * found by, so two requests never share one.
 */
export function prepareRequest(
  params: CallOptions,
  model: WrappedModel,
  settings: FixSettings,
): { params: CallOptions; fixes: RequestFixes } {
  const tools = params.tools ?? []
  const functionTools = tools.filter((tool): tool is FunctionTool => tool.type === 'function')
  const provider = settings.provider ?? inferProvider(model)
  if (functionTools.length === 0) {
    return {
      params: { ...params },
      fixes: { declared: new Set(), provider, splitBatches: settings.splitBatches, restore: unchanged },
    }
  }
  const toolset = prepareToolset(functionTools, { provider })
  // Function tool names are unique in a request (they are the keys of the SDK's tool set).
  const byName = new Map<string, PreparedTool>(toolset.tools.map((tool) => [tool.originalName, tool]))
  const preparedTools = tools.map((tool): CallTool => {
    const prepared = tool.type === 'function' ? byName.get(tool.name) : undefined
    return prepared === undefined ? tool : preparedTool(tool as FunctionTool, prepared, provider)
  })
  const prepared: CallOptions = {
    ...params,
    tools: preparedTools,
    ...(params.toolChoice === undefined ? {} : { toolChoice: toolChoice(params.toolChoice, toolset) }),
    prompt: rewritePrompt(params.prompt, toolset),
  }
  return {
    params: prepared,
    fixes: {
      declared: declaredNames(prepared),
      provider,
      splitBatches: settings.splitBatches,
      restore: (call) => restoreCall(call, toolset),
    },
  }
}
