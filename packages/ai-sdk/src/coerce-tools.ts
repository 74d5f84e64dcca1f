import { coerceToolArgs } from '@x/arg-coerce'
import { asSchema, jsonSchema } from 'ai'
import type { Schema, ToolSet } from 'ai'
import { describeValue } from './internal/describe-value.js'
import { isRecord } from './internal/json.js'

type Validation = ReturnType<NonNullable<Schema['validate']>>

// Schemas this package made: wrapping one again would coerce twice for nothing.
const coercing = new WeakSet<object>()

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  (typeof value === 'object' || typeof value === 'function') &&
  value !== null &&
  typeof (value as { then?: unknown }).then === 'function'

function coercingSchema(inputSchema: unknown): Schema {
  const inner = asSchema(inputSchema as Parameters<typeof asSchema>[0])
  const check = (schema: unknown, value: unknown): Validation => {
    const coerced = coerceToolArgs(schema, value)
    return inner.validate === undefined ? { success: true, value: coerced } : inner.validate(coerced)
  }
  const schema = jsonSchema(() => inner.jsonSchema, {
    validate: (value) => {
      let resolved: unknown
      try {
        resolved = inner.jsonSchema
      } catch {
        // No JSON Schema to coerce against (a Standard Schema vendor without
        // one): the tool's own validation still decides, as without us.
        return inner.validate === undefined ? { success: true, value } : inner.validate(value)
      }
      return isThenable(resolved)
        ? Promise.resolve(resolved).then((resolvedSchema) => check(resolvedSchema, value))
        : check(resolved, value)
    },
  })
  coercing.add(schema)
  return schema
}

/**
 * The same tools, each with its input schema wrapped so that the arguments
 * a model sends are coerced to the types the schema declares before the
 * tool's own validation runs, and before `execute`.
 *
 * For models you do not wrap with {@link toolCallFixes}: the AI SDK
 * validates a tool's input only through its schema's `validate`, and a
 * `jsonSchema()` schema (every tool `@ai-sdk/mcp` builds) has none, so
 * `"5"` reaches an MCP server that then answers `isError`. Each wrapped
 * schema is `jsonSchema(schema, { validate })`: the same JSON Schema goes to
 * the model; `validate` coerces with `@x/arg-coerce` (`"5"` -> `5`, `"true"`
 * -> `true`, JSON text -> the object or array asked for, at every depth and
 * through `$ref`), then runs the tool's own validation (zod, a Standard
 * Schema, a `jsonSchema(..., { validate })`) when it has one, which sees the
 * coerced value.
 *
 * Function and dynamic tools are wrapped; provider tools (`type:
 * 'provider'`) and tools already wrapped are kept as the very same objects.
 * Never mutates `tools`; every other field of a tool is kept.
 *
 * @example
 * ```ts
 * const tools = coerceTools(await mcpClient.tools())
 * await generateText({ model, tools, prompt })
 * ```
 *
 * @throws TypeError when `tools` is not an object of tools (a programmer error)
 */
export function coerceTools<Tools extends ToolSet>(tools: Tools): Tools {
  if (!isRecord(tools))
    throw new TypeError(`coerceTools: expected an object of tools, received ${describeValue(tools)}`)
  const out: Record<string, unknown> = {}
  let changed = false
  for (const name of Object.keys(tools)) {
    const entry: unknown = tools[name]
    if (
      !isRecord(entry) ||
      entry['type'] === 'provider' ||
      (isRecord(entry['inputSchema']) && coercing.has(entry['inputSchema']))
    ) {
      out[name] = entry
      continue
    }
    out[name] = { ...entry, inputSchema: coercingSchema(entry['inputSchema']) }
    changed = true
  }
  return changed ? (out as Tools) : tools
}
