/** The bridge tool through which lazily loaded tools are called. */
export const TOOL_CALL_NAME = 'tool_call'

/**
 * Most entries one `tool_call` may carry. A larger batch is not split: it is
 * left for the dispatcher, whose error tells the model the limit.
 */
export const MAX_CALLS_PER_DISPATCH = 10
