import type { McpServer, RegisteredTool, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { AnySchema, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js'
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { coercingInputSchema } from './internal/coercing-input-schema.js'

/** The `config` of {@link registerFixedTool}: exactly `McpServer.registerTool`'s. */
export interface FixedToolConfig<
  OutputArgs extends ZodRawShapeCompat | AnySchema,
  InputArgs extends undefined | ZodRawShapeCompat | AnySchema,
> {
  title?: string
  description?: string
  inputSchema?: InputArgs
  outputSchema?: OutputArgs
  annotations?: ToolAnnotations
  _meta?: Record<string, unknown>
}

/**
 * `server.registerTool(name, config, handler)`, with the tool's arguments
 * coerced to the JSON Schema it advertises before the SDK validates them.
 *
 * Models send `"5"` for an integer, `"false"` for a boolean and objects as
 * JSON text; the SDK's zod validation rejects all three. With this helper
 * they reach `handler` typed (`5`, `false`, the object), through `$ref` and
 * unions, at any depth. What cannot be read as the declared type (`"thing"`
 * for a boolean) is left as sent, so the SDK's own validation error reaches
 * the client as before. `tools/list` advertises byte for byte what the same
 * tool advertises when registered with `registerTool` directly: the schema
 * handed to the SDK is a copy of yours with the same definition and
 * metadata. zod 3 and zod 4, raw shapes and object schemas; your schema is
 * never modified.
 *
 * @example
 * ```ts
 * registerFixedTool(server, 'add', { inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => ({
 *   content: [{ type: 'text', text: String(a + b) }],
 * }))
 * // tools/call add { a: "2", b: "3" } -> "5" (registerTool alone: an input validation error)
 * ```
 *
 * @param server - the `McpServer` to register on
 * @param name - the tool's name
 * @param config - as for `registerTool`
 * @param handler - as for `registerTool`; receives the coerced, validated arguments
 * @returns the SDK's `RegisteredTool`
 */
export function registerFixedTool<
  OutputArgs extends ZodRawShapeCompat | AnySchema,
  InputArgs extends undefined | ZodRawShapeCompat | AnySchema = undefined,
>(
  server: McpServer,
  name: string,
  config: FixedToolConfig<OutputArgs, InputArgs>,
  handler: ToolCallback<InputArgs>,
): RegisteredTool {
  if (config.inputSchema === undefined) return server.registerTool(name, config, handler)
  const inputSchema = coercingInputSchema(config.inputSchema) as InputArgs
  return server.registerTool(name, { ...config, inputSchema }, handler)
}
