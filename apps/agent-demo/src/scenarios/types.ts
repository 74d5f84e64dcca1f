import type { ApprovalMode, Guardrail, Plugin } from '../loop/types.js'
import type { TicketsReport } from '../tickets/describe-tickets.js'
import type { ToolEntry } from '../tools/types.js'

/** The tools and rules a scenario runs with, and how to release them. */
export interface ScenarioSetup {
  readonly tools: readonly ToolEntry[]
  readonly plugins: readonly Plugin[]
  readonly guardrails: readonly Guardrail[]
  /** The tickets the tools hold now, and where (read before `close`). */
  tickets(): TicketsReport
  /** Ends what `setup()` started (MCP children, temp folders). */
  close(): Promise<void>
}

/**
 * A runnable, replayable demo: tools + rules + the recorded model script.
 * A session stores its scenario's name, so `replay` can set it up again.
 */
export interface Scenario {
  readonly name: string
  readonly description: string
  /** File name in `fixtures/scripts/`. */
  readonly script: string
  readonly enabledToolsets: readonly string[]
  readonly approvalMode: ApprovalMode
  /**
   * Starts the tools. `workspace` is a folder the run may keep its world in
   * (files, repository, tickets database) so a resumed session finds it
   * again; without it a scenario starts from a fresh world (replay).
   */
  setup(context?: ScenarioContext): Promise<ScenarioSetup>
}

/** Where a scenario run may keep state between processes. */
export interface ScenarioContext {
  readonly workspace?: string
}
