import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAfterRows } from './before-after.js'
import type { ToolMessage } from '../model/types.js'
import type { Scenario } from '../scenarios/types.js'
import type { JsonObject, JsonValue } from '../tools/types.js'

/** What a tool answers to a call exactly as the model sent it. */
export interface RawCallAnswer {
  readonly callId: string
  readonly tool: string
  /** The arguments as the model sent them, before any fix. */
  readonly argsSent: JsonValue
  /** The tool's answer, as the model would have read it. */
  readonly content: string
  readonly isError: boolean
}

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * For every call the loop changed on its way to the tool (a value coerced,
 * a key restored) and that the tool then ran, the tool's answer to the call
 * as the model sent it, without those fixes: what the model would have read
 * without them.
 *
 * The calls are sent again to tools of their own: the scenario is set up
 * once more in a throwaway copy of the session's workspace (`workspace`, as
 * the run left it; a fresh world when there is none), the calls go straight
 * to the tool handlers (no loop, no hook), and the copy is removed after.
 * The session's own world (files, repository, tickets) is never touched.
 */
export async function rawCallAnswers(
  scenario: Scenario,
  results: readonly ToolMessage[],
  workspace: string | undefined,
): Promise<RawCallAnswer[]> {
  const changed = results.filter(
    (result) =>
      (result.status === 'ok' || result.status === 'tool_error') &&
      result.tool !== undefined &&
      isObject(result.argsSent) &&
      beforeAfterRows([result]).some((row) => row.changed),
  )
  if (changed.length === 0) return []
  const scratch = mkdtempSync(join(tmpdir(), 'agent-demo-raw-calls-'))
  try {
    const copy = join(scratch, 'workspace')
    // verbatimSymlinks: a relative link in the sandbox must stay relative,
    // or the copy's link would lead back into the session's own world.
    if (workspace !== undefined && existsSync(workspace))
      cpSync(workspace, copy, { recursive: true, verbatimSymlinks: true })
    const setup = await scenario.setup({ workspace: copy })
    try {
      const answers: RawCallAnswer[] = []
      for (const result of changed) {
        const tool = setup.tools.find((entry) => entry.name === result.tool)
        if (tool === undefined) continue
        const args = result.argsSent as JsonObject
        const answer = await tool.handler(args, {
          callId: result.toolCallId,
          sessionId: 'raw-calls',
          toolName: tool.name,
          signal: new AbortController().signal,
        })
        answers.push({
          callId: result.toolCallId,
          tool: tool.name,
          argsSent: args,
          content: answer.content,
          isError: answer.isError === true,
        })
      }
      return answers
    } finally {
      await setup.close()
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
