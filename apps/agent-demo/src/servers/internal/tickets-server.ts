import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import * as z from 'zod'
import { parallelSafeCapabilities } from '../../shared/concurrency-capability.js'
import { Count, Person, TicketStatus } from './shared-schemas.js'
import type { TicketsDb } from '../../tickets/tickets-db.js'
import { errorResult, jsonResult } from './tool-result.js'

// ISO dates compare correctly as strings, which `list`'s "due before" relies on.
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')

/**
 * The tickets server: create, list and update tickets in its own SQLite file.
 *
 * Its schemas carry every shape that trips agents: `assignee` is a `$ref` to
 * a reused `Person` whose key is `first name`; `reporter` is that `$ref` in a
 * nullable union; `due date` has a space and is nullable; `list` takes a
 * nested filters object. It writes, so it is not parallel-safe.
 */
export function createTicketsServer(db: TicketsDb): McpServer {
  const server = new McpServer(
    { name: 'tickets', version: '1.0.0' },
    { capabilities: parallelSafeCapabilities(false), instructions: 'The team ticket tracker.' },
  )

  server.registerTool(
    'create',
    {
      title: 'Open a ticket',
      description: 'Open a new ticket and return it with its id.',
      inputSchema: {
        title: z.string().min(1),
        body: z.string().optional(),
        assignee: Person,
        reporter: Person.nullable().optional(),
        'due date': IsoDate.nullable(),
        priority: Count.optional().describe('1 is the most urgent.'),
        labels: z.array(z.string()).optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args) =>
      jsonResult(
        db.create({
          title: args.title,
          body: args.body ?? '',
          assignee: args.assignee,
          reporter: args.reporter ?? null,
          dueDate: args['due date'],
          priority: args.priority ?? null,
          labels: args.labels ?? [],
        }),
      ),
  )

  server.registerTool(
    'list',
    {
      title: 'List tickets',
      description: 'Tickets in creation order, optionally filtered.',
      inputSchema: {
        filters: z
          .object({
            status: TicketStatus.nullable().optional(),
            assignee: z.string().nullable().optional().describe('First name of the assignee.'),
            label: z.string().nullable().optional(),
            'due before': IsoDate.nullable().optional(),
          })
          .optional(),
        limit: Count.optional(),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ filters, limit }) =>
      jsonResult({
        tickets: db.list(
          {
            status: filters?.status,
            assignee: filters?.assignee,
            label: filters?.label,
            dueBefore: filters?.['due before'],
          },
          limit ?? 50,
        ),
      }),
  )

  server.registerTool(
    'update',
    {
      title: 'Update a ticket',
      description: 'Change the status, assignee, due date or title of a ticket.',
      inputSchema: {
        id: z.number().int().min(1),
        status: TicketStatus.optional(),
        title: z.string().min(1).optional(),
        assignee: Person.optional(),
        'due date': IsoDate.nullable().optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ id, status, title, assignee, 'due date': dueDate }) => {
      const changes: Parameters<TicketsDb['update']>[1] = {}
      if (status !== undefined) changes.status = status
      if (title !== undefined) changes.title = title
      if (assignee !== undefined) changes.assignee = assignee
      if (dueDate !== undefined) changes.dueDate = dueDate
      const updated = db.update(id, changes)
      return updated === undefined ? errorResult(`no ticket with id ${id}`) : jsonResult(updated)
    },
  )

  return server
}
