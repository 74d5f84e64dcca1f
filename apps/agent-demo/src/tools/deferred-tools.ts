import { MAX_CALLS_PER_DISPATCH, TOOL_CALL_NAME } from '@x/batch-split'
import type { PreparedToolset } from '@x/provider-schema'
import type { ToolDefinition } from '../model/types.js'
import type { ToolRegistry } from './registry.js'
import type { JsonObject, JsonValue, ToolEntry } from './types.js'

/** Name of the discovery tool. */
export const TOOL_SEARCH_NAME = 'tool_search'

/** The toolset of the loop's own tools; always in scope. */
export const BUILTIN_TOOLSET = 'builtin'

// The contract text the model reads. It says batching is welcome: the old
// "one local tool per tool_call" rule cost a round trip per batch.
const TOOL_CALL_DESCRIPTION = [
  'Call deferred tools by their exact names (find them with tool_search first).',
  `Independent calls may be batched: put up to ${MAX_CALLS_PER_DISPATCH} entries in "calls".`,
  'Local entries are split into individual calls by the agent; each one follows its own',
  "tool's checks, approval and concurrency policy (parallel-safe tools run together).",
  'Results come back in input order, one per entry.',
].join(' ')

/** The two tools the model sees: `tool_search` and the `tool_call` bridge. */
export function deferredToolDefinitions(): readonly ToolDefinition[] {
  return [
    {
      name: TOOL_SEARCH_NAME,
      description:
        'Find deferred tools: returns exact names (mcp__<server>__<tool>) and the argument schema to use with tool_call.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words describing what you need, or "*" for every tool.' },
          limit: { type: 'integer', minimum: 1, description: 'Most results to return (default 10).' },
        },
        required: ['query'],
      },
    },
    {
      name: TOOL_CALL_NAME,
      description: TOOL_CALL_DESCRIPTION,
      parameters: {
        type: 'object',
        properties: {
          calls: {
            type: 'array',
            minItems: 1,
            maxItems: MAX_CALLS_PER_DISPATCH,
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, arguments: { type: 'object' } },
              required: ['name'],
            },
          },
        },
        required: ['calls'],
      },
    },
  ]
}

/**
 * The `tool_search` entry of a session: it only finds tools in scope, ranks
 * them by how many query words their name and description contain (ties in
 * registry order, so results are deterministic) and returns each tool with
 * the name and schema the model must use: the ones `prepared` (the
 * session's `prepareToolset`) made for it.
 */
export function createToolSearch(
  registry: ToolRegistry,
  inScope: (tool: ToolEntry) => boolean,
  prepared: PreparedToolset,
): ToolEntry {
  return {
    name: TOOL_SEARCH_NAME,
    description: 'Find deferred tools.',
    toolset: BUILTIN_TOOLSET,
    concurrency: { parallelSafe: true, kind: 'read' },
    inputSchema: deferredToolDefinitions()[0]!.parameters,
    handler(args) {
      const query = typeof args.query === 'string' ? args.query.toLowerCase() : ''
      const limit = typeof args.limit === 'number' && args.limit >= 1 ? Math.floor(args.limit) : 10
      const words = query.split(/[^a-z0-9]+/).filter((word) => word !== '')
      const ranked = registry
        .list()
        .filter(inScope)
        .map((tool, index) => {
          const text = `${tool.name} ${tool.description}`.toLowerCase()
          return { tool, index, score: words.filter((word) => text.includes(word)).length }
        })
        .filter((hit) => query.trim() === '*' || words.length === 0 || hit.score > 0)
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .slice(0, limit)
      const tools: JsonValue[] = ranked.flatMap(({ tool }) => {
        const forProvider = prepared.tools.find((candidate) => candidate.originalName === tool.name)
        return forProvider === undefined
          ? []
          : [
              {
                name: forProvider.name,
                description: tool.description,
                parameters: forProvider.inputSchema as JsonObject,
              },
            ]
      })
      return Promise.resolve({ content: JSON.stringify({ tools }) })
    },
  }
}
