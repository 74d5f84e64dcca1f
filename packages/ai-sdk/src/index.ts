export { toolCallFixes } from './tool-call-fixes.js'
export type { ToolCallFixesOptions } from './tool-call-fixes.js'
export { coerceTools } from './coerce-tools.js'
export { inferProvider } from './infer-provider.js'
