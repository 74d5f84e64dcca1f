export { resolveLocalSchemaRef } from './resolve-local-schema-ref.js'
export { createRefResolver } from './create-ref-resolver.js'
export type { RefPath, RefResolver, ResolvedNode } from './create-ref-resolver.js'
export { createPatternTest } from './create-pattern-test.js'
