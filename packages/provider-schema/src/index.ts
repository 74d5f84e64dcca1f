export { checkProviderSchema } from './check-provider-schema.js'
export { prepareToolSchema } from './prepare-tool-schema.js'
export { prepareToolset } from './prepare-toolset.js'
export { PROVIDER_NAMES } from './provider-names.js'
export type {
  JsonPatchOperation,
  PreparedTool,
  PreparedToolSchema,
  PreparedToolset,
  PrepareToolSchemaOptions,
  ProviderName,
  ProviderSchemaViolation,
  RestoredCall,
  ToolDefinition,
} from './types.js'
