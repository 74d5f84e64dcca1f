import { coerceToolArgs } from '@x/arg-coerce'
import type { ToolFix } from './tool-traffic.js'

/**
 * Coercion only: tools are advertised as the server lists them, and a call's
 * arguments are coerced to the input schema the server listed for its tool.
 */
export function coercionFix(): ToolFix {
  let schemas = new Map<string, unknown>()
  return {
    listed(tools, firstPage) {
      if (firstPage) schemas = new Map()
      for (const tool of tools) {
        if (typeof tool === 'object' && tool !== null && typeof (tool as { name?: unknown }).name === 'string') {
          schemas.set((tool as { name: string }).name, (tool as { inputSchema?: unknown }).inputSchema)
        }
      }
      return tools
    },
    restore(name, args) {
      if (!schemas.has(name)) return undefined
      const coerced = coerceToolArgs(schemas.get(name), args)
      return coerced === args ? undefined : { name, arguments: coerced }
    },
  }
}
