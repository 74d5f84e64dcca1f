import { findScenario } from '../scenarios/all-scenarios.js'
import { resumeSession } from '../session/resume-session.js'
import type { CliIo } from './cli-io.js'
import { openStore } from './open-store.js'
import type { CliOptions } from './options.js'
import { createTerminalRenderer } from './terminal-renderer.js'
import { join } from 'node:path'
import { describeTickets } from '../tickets/describe-tickets.js'
import { readTickets } from '../tickets/read-tickets.js'
import { shortPath } from '../tickets/short-path.js'

/**
 * `resume <session>`: after a crash, gives every unfinished call an
 * "interrupted" result (nothing runs twice), then lets the recorded script
 * carry on in the session's own workspace.
 */
export async function resumeCommand(options: CliOptions, io: CliIo, sessionId: string): Promise<number> {
  const store = openStore(options)
  const render = createTerminalRenderer({ write: io.write, color: options.color, json: options.json, all: options.all })
  const controller = new AbortController()
  const release = io.onInterrupt(() => controller.abort())
  try {
    const report = await resumeSession(store, sessionId, findScenario, {
      signal: controller.signal,
      onEvent: render,
      onInterrupted(results) {
        if (options.json) return
        for (const result of results)
          io.write(
            `  ⊘ interrupted  ${result.toolCallId} ${result.tool ?? ''}  no result was stored before the crash; not run again\n`,
          )
        if (results.length === 0) io.write('  every call already had its result\n')
      },
    })
    const record = await store.getSession(sessionId)
    const workspace = record?.meta.workspace
    if (options.json) {
      io.write(
        `${JSON.stringify({ type: 'resumed', sessionId, interrupted: report.interrupted.length, ended: report.outcome === undefined })}\n`,
      )
    } else {
      if (typeof workspace === 'string') {
        const file = join(workspace, 'tickets.db')
        io.write(describeTickets({ where: `in ${shortPath(file)}`, tickets: readTickets(file) }))
      }
      const ended = report.outcome === undefined ? '; the session had already ended' : ''
      io.write(
        `\nresumed ${sessionId}: ${report.interrupted.length} interrupted result(s) added, no call run twice${ended}\n`,
      )
    }
    return report.outcome?.stopped === true ? 130 : 0
  } finally {
    release()
    await store.close()
  }
}
