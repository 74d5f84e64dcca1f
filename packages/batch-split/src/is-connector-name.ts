import { CONNECTOR_NAME_PREFIX } from './internal/names.js'

/**
 * Tells whether a tool name claims to be a connector tool (`connectors__...`).
 *
 * A claim, not a guarantee: connector names are routed to the connector
 * gateway, which reports a malformed one as that entry's error. A batch made
 * only of connector names is one gateway dispatch and is never split.
 * Anything that is not a string is not a connector name.
 *
 * @example
 * ```ts
 * isConnectorName('connectors__drive__list') // => true
 * isConnectorName('mcp__files__read') // => false
 * isConnectorName(42) // => false
 * ```
 */
export function isConnectorName(name: unknown): boolean {
  return typeof name === 'string' && name.startsWith(CONNECTOR_NAME_PREFIX)
}
