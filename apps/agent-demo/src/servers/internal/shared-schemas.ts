import * as z from 'zod'

// These sub-schemas carry an `id` in zod's global registry on purpose: that is
// the one way zod v4 (which the MCP SDK calls with its defaults) hoists a
// reused schema into `definitions` and points at it with `$ref`. Without the
// id the SDK inlines every use, and an agent that only reads the literal
// schema would still see the types; with it, `"5"` for `limit` hides behind
// `{"$ref": "#/definitions/Count"}` exactly as real servers advertise it.

/** How many items (lines, commits, tickets) to return: an integer behind a `$ref`. */
export const Count = z.number().int().min(1).max(200).meta({
  id: 'Count',
  description: 'How many items to return (1-200).',
})

/** A person, with a property name that contains a space (`first name`). */
export const Person = z
  .object({
    'first name': z.string().min(1),
    'last name': z.string().optional(),
    email: z.string().optional(),
  })
  .meta({ id: 'Person', description: 'Someone a ticket is assigned to or reported by.' })

/** The ticket states the tickets server accepts. */
export const TicketStatus = z.enum(['open', 'in progress', 'closed'])

/** Shape of a person once parsed by the server. */
export type PersonValue = z.output<typeof Person>
