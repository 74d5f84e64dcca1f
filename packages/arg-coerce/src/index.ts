export { coerceToolArgs, type CoerceToolArgsOptions } from './coerce-tool-args.js'
export { coerceToolArgsWithPatch } from './coerce-tool-args-with-patch.js'
export type { CoerceToolArgsWithPatchResult, CoercionPatchOperation } from './coerce-tool-args-with-patch.js'
