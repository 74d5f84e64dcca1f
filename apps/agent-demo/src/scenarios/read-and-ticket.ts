import { createInMemoryTools, IN_MEMORY_SANDBOX } from './in-memory-tools.js'
import { sandboxWritesPlugin } from '../plugins/sandbox-writes-plugin.js'
import type { Scenario } from './types.js'

/**
 * The same task with in-memory tools: "read these files and open a ticket".
 * The scripted model finds the tools, then puts three entries in one
 * `tool_call`; the loop splits it, runs the two reads together and the write
 * alone, coerces `"5"` to `5` behind a `$ref` and restores `first name`.
 */
export const readAndTicket: Scenario = {
  name: 'read-and-ticket',
  description: 'the same task with in-memory stand-ins (no processes)',
  script: 'read-and-ticket.json',
  enabledToolsets: ['files', 'tickets'],
  approvalMode: 'never',
  setup() {
    const { tools, tickets } = createInMemoryTools()
    return Promise.resolve({
      tools,
      plugins: [sandboxWritesPlugin(IN_MEMORY_SANDBOX)],
      guardrails: [],
      // The stand-in tracker keeps its tickets in this array: what the model
      // says it opened is listed from here, not from a database it never used.
      tickets: () => ({
        where: 'in memory (not kept)',
        tickets: tickets.map((ticket) => ({
          id: ticket.id,
          title: String(ticket.title),
          status: 'open',
          assignee: ticket.assignee ?? null,
          dueDate: typeof ticket['due date'] === 'string' ? ticket['due date'] : null,
          priority: typeof ticket.priority === 'number' ? ticket.priority : null,
        })),
      }),
      close: () => Promise.resolve(),
    })
  },
}
