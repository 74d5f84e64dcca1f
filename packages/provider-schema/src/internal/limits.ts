/**
 * Budgets that bound the work on a hostile schema. Each is documented in
 * the README (Limits); a position past a budget is sent as "any value".
 */
export const LIMITS = Object.freeze({
  /** Schema nesting kept in a prepared schema (objects, arrays, unions each count one level). */
  maxSchemaDepth: 64,
  /** Schema nodes a prepared schema may have once references are inlined. */
  maxSchemaNodes: 10_000,
  /** Nesting entered in the arguments by the restore and model-form walks. */
  maxValueDepth: 128,
  /** Schema nodes `checkProviderSchema` reads before it reports the schema as too large. */
  maxCheckedNodes: 100_000,
  /** Pointer length (in tokens) past which `checkProviderSchema` stops descending. */
  maxCheckedTokens: 512,
})
