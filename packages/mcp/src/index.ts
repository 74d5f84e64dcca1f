export { registerFixedTool } from './register-fixed-tool.js'
export type { FixedToolConfig } from './register-fixed-tool.js'
export { wrapClient } from './wrap-client.js'
export type { FixedClient, WrapClientOptions } from './wrap-client.js'
