export { resolveLocalSchemaRef } from './resolve-local-schema-ref.js'
export { createRefResolver } from './create-ref-resolver.js'
export type { RefPath, RefResolver, ResolvedNode } from './types.js'
export { createPatternTest } from './create-pattern-test.js'
