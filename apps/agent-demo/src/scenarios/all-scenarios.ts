import { readAndTicket } from './read-and-ticket.js'
import type { Scenario } from './types.js'

/** Every scenario this build can run and replay, by name. */
export const SCENARIOS: readonly Scenario[] = [readAndTicket]

/** The scenario named `name`, or `undefined`. */
export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((scenario) => scenario.name === name)
}
