export { sanitizePropertyName } from './sanitize-property-name.js'
export { sanitizeToolSchema } from './sanitize-tool-schema.js'
export { unmapArgKeys } from './unmap-arg-keys.js'
export type { KeyUnmapOptions, NameProfile, SanitizedToolSchema, UnmappedArgs } from './types.js'
