import type { JsonObject, ToolEntry } from '../tools/types.js'

/**
 * Where the stand-in files live: a folder that exists nowhere on disk, so
 * the sandbox hook resolves paths against it as against a real sandbox.
 */
export const IN_MEMORY_SANDBOX = '/in-memory-sandbox'

/** The sandbox the in-memory files toolset serves, relative to `IN_MEMORY_SANDBOX`. */
export const SANDBOX_FILES: Readonly<Record<string, string>> = {
  'notes/todo.md': '# TODO\n- export is slow on large projects (see bugs.md)\n',
  'notes/bugs.md': '# Bugs\n- CSV export times out above 5,000 rows\n',
}

// The ticket schema carries the shapes that break agents, as SDKs emit them:
// reused sub-schemas behind $ref, a property name with a space inside a
// referenced object, a nullable union, a nested filters-like object.
const TICKET_SCHEMA: JsonObject = {
  type: 'object',
  $defs: {
    Person: {
      type: 'object',
      properties: { 'first name': { type: 'string' }, 'last name': { type: 'string' } },
      required: ['first name'],
      additionalProperties: false,
    },
    Priority: { type: 'integer', minimum: 1, maximum: 5 },
  },
  properties: {
    title: { type: 'string' },
    priority: { $ref: '#/$defs/Priority' },
    reporter: { $ref: '#/$defs/Person' },
    assignee: { anyOf: [{ $ref: '#/$defs/Person' }, { type: 'null' }] },
    'due date': { anyOf: [{ type: 'string' }, { type: 'null' }] },
    labels: { type: 'array', items: { type: 'string' } },
  },
  required: ['title', 'priority', 'reporter'],
  additionalProperties: false,
}

/** A created ticket, as the in-memory tickets toolset keeps it. */
export interface Ticket extends JsonObject {
  readonly id: number
}

/**
 * In-memory stand-ins for the files and tickets MCP servers: same names
 * (`mcp__files__read`...), same schema shapes, no processes. Each call builds a
 * fresh state, so two runs (a session and its replay) see the same world.
 */
export function createInMemoryTools(): { tools: ToolEntry[]; tickets: Ticket[] } {
  const tickets: Ticket[] = []
  const tools: ToolEntry[] = [
    {
      name: 'mcp__files__list',
      description: 'List the files of the sandbox folder.',
      toolset: 'files',
      concurrency: { parallelSafe: true, kind: 'read' },
      inputSchema: { type: 'object', properties: { prefix: { type: 'string' } } },
      handler: (args) => {
        const prefix = typeof args.prefix === 'string' ? args.prefix : ''
        const names = Object.keys(SANDBOX_FILES).filter((name) => name.startsWith(prefix))
        return Promise.resolve({ content: names.join('\n'), data: names })
      },
    },
    {
      name: 'mcp__files__read',
      description: 'Read a file of the sandbox folder.',
      toolset: 'files',
      concurrency: { parallelSafe: true, kind: 'read' },
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string' }, 'max lines': { type: 'integer', minimum: 1 } },
        required: ['path'],
      },
      handler: (args) => {
        const path = String(args.path)
        if (!Object.hasOwn(SANDBOX_FILES, path))
          return Promise.resolve({ content: `no such file: ${path}`, isError: true })
        const lines = SANDBOX_FILES[path]!.split('\n')
        const max = typeof args['max lines'] === 'number' ? args['max lines'] : lines.length
        return Promise.resolve({ content: lines.slice(0, max).join('\n') })
      },
    },
    {
      name: 'mcp__tickets__create',
      description: 'Open a ticket in the tracker.',
      toolset: 'tickets',
      concurrency: { parallelSafe: false, kind: 'write' },
      inputSchema: TICKET_SCHEMA,
      handler: (args) => {
        const ticket: Ticket = { id: tickets.length + 1, ...args }
        tickets.push(ticket)
        return Promise.resolve({ content: `created ticket #${ticket.id}: ${String(args.title)}`, data: ticket })
      },
    },
  ]
  return { tools, tickets }
}
