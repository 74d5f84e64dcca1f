import { TOOL_CALL_NAME } from '../constants.js'

/** Prefix of connector tool names; connector-only batches go to the gateway in one dispatch. */
export const CONNECTOR_NAME_PREFIX = 'connectors__'

// The bridge tools themselves: an entry naming one would recurse into the bridge.
export const BRIDGE_TOOL_NAMES: ReadonlySet<string> = new Set(['tool_search', 'tool_describe', TOOL_CALL_NAME])
