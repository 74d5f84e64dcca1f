export { registerFixedTool } from './register-fixed-tool.js'
export type { FixedToolConfig } from './register-fixed-tool.js'
