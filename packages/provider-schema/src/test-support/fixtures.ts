/**
 * The real schemas the workspace already keeps (each file notes the
 * generator and version that produced it), gathered for the profile tests.
 */
import { deepFreeze } from '@x/test-utils'
import argCoercePydantic from '../../../arg-coerce/src/fixtures/pydantic-v2.json'
import {
  cloudflareSecurityInsights,
  mcpUserName,
  pydanticTeam,
  zodAddresses,
} from '../../../key-unmap/src/fixtures/real-schemas.js'
import schemaRefPydanticFile from '../../../schema-ref/src/fixtures/pydantic-v2.json'
import schemaRefZodFile from '../../../schema-ref/src/fixtures/zod-to-json-schema.json'

const schemaRefPydantic = schemaRefPydanticFile.schemas as Record<string, unknown>
const schemaRefZod = schemaRefZodFile.schemas as Record<string, unknown>

/** `[name, schema]` for every real schema, deep-frozen. */
export const REAL_SCHEMAS: ReadonlyArray<readonly [string, Record<string, unknown>]> = deepFreeze([
  ['key-unmap pydantic Team', pydanticTeam as Record<string, unknown>],
  ['key-unmap zod addresses', zodAddresses as Record<string, unknown>],
  ['key-unmap Cloudflare security insights', cloudflareSecurityInsights as Record<string, unknown>],
  ['key-unmap MCP user name', mcpUserName as Record<string, unknown>],
  ['arg-coerce pydantic SearchTool', argCoercePydantic.SearchTool as unknown as Record<string, unknown>],
  ['arg-coerce pydantic SeedTool', argCoercePydantic.SeedTool as unknown as Record<string, unknown>],
  ...Object.entries(schemaRefPydantic).map(
    ([name, schema]) => [`schema-ref pydantic ${name}`, schema as Record<string, unknown>] as const,
  ),
  ...Object.entries(schemaRefZod).map(
    ([name, schema]) => [`schema-ref zod-to-json-schema ${name}`, schema as Record<string, unknown>] as const,
  ),
])
