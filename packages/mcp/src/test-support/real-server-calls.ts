import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { realServers } from './servers.js'

/** The real servers of the tests, by name. */
export type ServerName = keyof ReturnType<typeof realServers>

/**
 * One call per tool, with the arguments as models send them: numbers and
 * booleans as strings, objects and arrays as JSON text. `expect` is a piece
 * of the successful result. Calls run in table order (the ticket is created
 * before it is updated).
 */
export const calls: ReadonlyArray<{ server: ServerName; tool: string; args: Record<string, unknown>; expect: string }> =
  [
    {
      server: 'files',
      tool: 'list',
      args: { filters: '{"extensions":[".md"],"max depth":"3"}', limit: '10' },
      expect: 'notes/incident.md',
    },
    { server: 'files', tool: 'read', args: { path: 'README.md', limit: '1' }, expect: '"lines":1' },
    {
      server: 'files',
      tool: 'write',
      args: { path: 'out/note.txt', content: 'hello', 'create folders': 'true' },
      expect: '"bytes":5',
    },
    {
      server: 'git',
      tool: 'log',
      args: { limit: '1', filters: '{"author":"Ada","path":null}' },
      expect: 'Add the notes',
    },
    { server: 'git', tool: 'diff', args: { path: 'README.md', 'context lines': '0' }, expect: '@@ -4 +4 @@' },
    {
      server: 'tickets',
      tool: 'create',
      args: {
        title: 'Fix retries',
        assignee: '{"first name":"Grace"}',
        'due date': null,
        priority: '2',
        labels: '["billing"]',
      },
      expect: 'Fix retries',
    },
    {
      server: 'tickets',
      tool: 'list',
      args: { filters: '{"status":"open","assignee":"Grace"}', limit: '5' },
      expect: 'Fix retries',
    },
    {
      server: 'tickets',
      tool: 'update',
      args: { id: '1', status: 'closed', 'due date': '2026-12-01' },
      expect: 'closed',
    },
    { server: 'everything', tool: 'get-sum', args: { a: '2', b: '3.5' }, expect: '5.5' },
    {
      server: 'everything',
      tool: 'get-annotated-message',
      args: { messageType: 'success', includeImage: 'false' },
      expect: 'success',
    },
    { server: 'everything', tool: 'get-resource-links', args: { count: '2' }, expect: 'resource_link' },
    {
      server: 'everything',
      tool: 'get-resource-reference',
      args: { resourceType: 'Text', resourceId: '2' },
      expect: 'resource',
    },
    {
      server: 'everything',
      tool: 'trigger-long-running-operation',
      args: { duration: '0.2', steps: '2' },
      expect: 'completed',
    },
    {
      server: 'filesystem',
      tool: 'read_text_file',
      args: { path: '{sandbox}/README.md', head: '1' },
      expect: '# Billing',
    },
    { server: 'filesystem', tool: 'read_file', args: { path: '{sandbox}/README.md', tail: '2' }, expect: 'See notes' },
    {
      server: 'filesystem',
      tool: 'read_multiple_files',
      args: { paths: '["{sandbox}/README.md"]' },
      expect: 'Charges customers',
    },
    {
      server: 'filesystem',
      tool: 'edit_file',
      args: { path: '{sandbox}/README.md', edits: '[{"oldText":"monthly","newText":"weekly"}]', dryRun: 'true' },
      expect: '+Charges customers weekly.',
    },
    {
      server: 'filesystem',
      tool: 'directory_tree',
      args: { path: '{sandbox}', excludePatterns: '["out"]' },
      expect: 'incident.md',
    },
    {
      server: 'filesystem',
      tool: 'search_files',
      args: { path: '{sandbox}', pattern: '**/*.md', excludePatterns: '["out"]' },
      expect: 'incident.md',
    },
  ]

/** Tools whose parameters are all strings (or none): no model-style mistake to fix, so no failing call to show. */
export const nothingToFix: Readonly<Record<ServerName, readonly string[]>> = {
  files: [],
  git: ['status'],
  tickets: [],
  everything: [
    'echo',
    'get-env',
    'get-structured-content',
    'get-tiny-image',
    'toggle-simulated-logging',
    'toggle-subscriber-updates',
    // Its default input is a URL it downloads: the tests never use the network.
    'gzip-file-as-resource',
    // Runs only as a task (client.experimental.tasks), which these tests do not drive.
    'simulate-research-query',
  ],
  filesystem: [
    'read_media_file',
    'write_file',
    'create_directory',
    'list_directory',
    'list_directory_with_sizes',
    'move_file',
    'get_file_info',
    'list_allowed_directories',
  ],
}

/** `args` with `{sandbox}` replaced by the sandbox folder. */
export const withSandbox = (args: Record<string, unknown>, sandbox: string): Record<string, unknown> =>
  JSON.parse(JSON.stringify(args).replaceAll('{sandbox}', sandbox.replaceAll('\\', '\\\\'))) as Record<string, unknown>

/** Calls a tool and says whether it succeeded, with the result's text. */
export async function outcome(
  call: (params: { name: string; arguments: Record<string, unknown> }) => ReturnType<Client['callTool']>,
  tool: string,
  args: Record<string, unknown>,
): Promise<{ ok: boolean; text: string }> {
  try {
    const result = await call({ name: tool, arguments: args })
    const content = Array.isArray(result.content) ? (result.content as Array<{ text?: unknown }>) : []
    const text = content.map((part) => (typeof part.text === 'string' ? part.text : JSON.stringify(part))).join('\n')
    return { ok: result.isError !== true, text: `${text}\n${JSON.stringify(result.structuredContent ?? null)}` }
  } catch (error) {
    return { ok: false, text: String(error) }
  }
}

/**
 * The provider-safe form of an argument key, as models are shown it: each
 * character outside `[A-Za-z0-9_.-]` becomes `_`. Written out here, apart
 * from the code under test, so the tests state the rule independently.
 */
const modelKey = (key: string): string => key.replace(/[^A-Za-z0-9_.-]/g, '_')

/** `args` with every key renamed as the model saw it, at every depth, JSON text included. */
export function modelKeys(value: unknown): unknown {
  if (typeof value === 'string' && /^[[{]/.test(value)) {
    try {
      return JSON.stringify(modelKeys(JSON.parse(value)))
    } catch {
      return value
    }
  }
  if (Array.isArray(value)) return value.map(modelKeys)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [modelKey(key), modelKeys(item)]))
}
