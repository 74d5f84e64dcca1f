import type { AnySchema, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js'
import { isZ4Schema, normalizeObjectSchema } from '@modelcontextprotocol/sdk/server/zod-compat.js'
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js'
import { coerceToolArgs } from '@x/arg-coerce'

// The few zod internals the wrapper touches, typed structurally: zod 4
// parses through `_zod.run` (the SDK calls `z4mini.safeParseAsync`, which
// calls it), zod 3 through the instance's own bound `safeParse*` methods.
interface Zod4Like {
  readonly _zod: { run: (payload: { value: unknown }, context: unknown) => unknown }
  clone(): Zod4Like
}
interface Zod3Like {
  readonly _def: unknown
  readonly constructor: new (def: unknown) => Zod3Like
  safeParse: (data: unknown, params?: unknown) => unknown
  safeParseAsync: (data: unknown, params?: unknown) => Promise<unknown>
}

/**
 * The input schema to hand to `registerTool` in place of `schema`: the same
 * zod object (same definition, same metadata, so the SDK advertises the
 * very same JSON Schema), whose parse first coerces the arguments against
 * that advertised JSON Schema.
 *
 * The JSON Schema is computed by the SDK's own converter, with the options
 * its `tools/list` handler uses, once, on the first call: what the arguments
 * are coerced to is exactly what the client was shown. Schemas that are not
 * objects (a union at the top level) are returned unchanged: the SDK
 * advertises an empty object schema for them, which coerces nothing.
 */
export function coercingInputSchema(schema: AnySchema | ZodRawShapeCompat): AnySchema | ZodRawShapeCompat {
  const object = normalizeObjectSchema(schema)
  if (object === undefined) return schema
  let advertised: unknown
  const coerce = (args: unknown): unknown => {
    advertised ??= toJsonSchemaCompat(object, { strictUnions: true, pipeStrategy: 'input' })
    return coerceToolArgs(advertised, args)
  }
  // A raw shape was just wrapped into a fresh object that nobody else holds;
  // a user's object schema is copied first, never patched in place.
  const own = object !== schema
  if (isZ4Schema(object as AnySchema)) {
    // `clone()` keeps the definition and records the original as parent, the
    // link through which zod 4 carries `.describe()`/`.meta()` to JSON Schema.
    const copy = own ? (object as unknown as Zod4Like) : (object as unknown as Zod4Like).clone()
    const run = copy._zod.run
    copy._zod.run = (payload, context) => run({ ...payload, value: coerce(payload.value) }, context)
    return copy as unknown as AnySchema
  }
  const original = object as unknown as Zod3Like
  // zod 3 keeps the description and the shape in `_def`: a new instance on
  // the same definition converts to the same JSON Schema.
  const copy = own ? original : new original.constructor(original._def)
  const safeParse = copy.safeParse
  const safeParseAsync = copy.safeParseAsync
  copy.safeParse = (data, params) => safeParse(coerce(data), params)
  copy.safeParseAsync = (data, params) => safeParseAsync(coerce(data), params)
  return copy as unknown as AnySchema
}
