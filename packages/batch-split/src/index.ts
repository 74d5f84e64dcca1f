export { TOOL_CALL_NAME, MAX_CALLS_PER_DISPATCH } from './constants.js'
export { isConnectorName } from './is-connector-name.js'
export { normalizeToolCallEntries } from './normalize-tool-call-entries.js'
export { localBatchError } from './local-batch-error.js'
export { deterministicCallId } from './deterministic-call-id.js'
export { createCallIdRegistry } from './create-call-id-registry.js'
export { isValidCallId } from './is-valid-call-id.js'
export { expandLocalToolBatches } from './expand-local-tool-batches.js'
export { expandParallelToolUse } from './expand-parallel-tool-use.js'
export type {
  AnthropicContentBlock,
  AnthropicToolUseBlock,
  BedrockContentBlock,
  BedrockToolUseBlock,
  CallIdOptions,
  CallIdProvider,
  CallIdRegistry,
  DefaultListElements,
  ExpandOptions,
  ExpandResult,
  GeminiFunctionCallPart,
  GeminiPart,
  NormalizedEntries,
  ProviderListElements,
  ProviderListName,
  ProviderLists,
  ResponsesFunctionCallItem,
  ResponsesItem,
  ToolCall,
  ToolCallEntry,
  ToolCallLike,
} from './types.js'
