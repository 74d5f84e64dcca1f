export { resolveLocalSchemaRef } from './resolve-local-schema-ref.js'
export { createRefResolver } from './create-ref-resolver.js'
export type {
  BranchDiscriminator,
  ObjectBranch,
  RefPath,
  RefResolver,
  ResolvedNode,
  SelectObjectBranchOptions,
} from './types.js'
export { createPatternTest, PATTERN_KEY_LIMIT } from './create-pattern-test.js'
export { selectObjectBranch } from './select-object-branch.js'
export { createObjectBranchSelector } from './create-object-branch-selector.js'
export { selectArrayBranch } from './select-array-branch.js'
export { readDiscriminator } from './read-discriminator.js'
export { readConstTag } from './read-const-tag.js'
export { isNamedByTags } from './is-named-by-tags.js'
export { JsonTypeBits, typeBitsOfKeyword, typeBitsOfValue } from './json-type-bits.js'
