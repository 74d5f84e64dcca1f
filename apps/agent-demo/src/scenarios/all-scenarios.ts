import { readAndTicketMcp, ticketThenReads } from './mcp-scenarios.js'
import { readAndTicket } from './read-and-ticket.js'
import type { Scenario } from './types.js'

/** Every scenario this build can run and replay, by name. */
export const SCENARIOS: readonly Scenario[] = [readAndTicketMcp, readAndTicket, ticketThenReads]

/** What `demo` runs: "read these files and open a ticket" against the real servers. */
export const DEMO_SCENARIO = readAndTicketMcp.name

/** The scenario named `name`, or `undefined`. */
export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((scenario) => scenario.name === name)
}
