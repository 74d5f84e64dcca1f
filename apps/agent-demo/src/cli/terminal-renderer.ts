import type { LoopEvent } from '../loop/types.js'
import type { ToolMessage } from '../model/types.js'
import { beforeAfterRows } from '../session/before-after.js'

/** Where and how the renderer writes. */
export interface RendererOptions {
  readonly write: (text: string) => void
  /** ANSI colour (on a TTY, unless NO_COLOR). */
  readonly color: boolean
  /** One JSON object per line instead of text. */
  readonly json: boolean
  /** Before/after tables list unchanged arguments too (default: changed ones only). */
  readonly all?: boolean
}

const STATUS_MARK: Record<ToolMessage['status'], string> = {
  ok: '✓',
  tool_error: '✗',
  out_of_scope: '∅',
  malformed: '✗',
  batch_rejected: '✗',
  invalid_args: '✗',
  blocked: '⊘',
  denied: '⊘',
  skipped: '…',
  cancelled: '⊘',
  interrupted: '⊘',
}

function table(header: readonly string[], rows: readonly (readonly string[])[], width = 48): string[] {
  const cut = (text: string): string => (text.length > width ? `${text.slice(0, width - 1)}…` : text)
  const cells = [header, ...rows].map((row) => row.map(cut))
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)))
  return cells.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  )
}

/**
 * Turns loop events into output a person can follow: the assistant turn and
 * its split, each entry's decisions and result with timings, and after each
 * batch the before/after table: each argument a fix changed, with what the
 * fix was (a plain-text column: colour is only a highlight), the value the
 * model sent and what the tool received; unchanged arguments with `all`.
 * With `json`, every event is one JSON line for machines.
 */
export function createTerminalRenderer(options: RendererOptions): (event: LoopEvent) => void {
  const paint = (code: number, text: string): string => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text)
  const line = (text = ''): void => options.write(`${text}\n`)
  let results: ToolMessage[] = []
  let expected = 0

  return (event) => {
    if (options.json) {
      options.write(`${JSON.stringify(event)}\n`)
      return
    }
    switch (event.type) {
      case 'session':
        line(`${paint(1, 'session')} ${event.sessionId}${event.resumed ? ' (resumed)' : ''}`)
        break
      case 'user':
        line(`${paint(36, 'user')}      ${event.content}`)
        break
      case 'assistant': {
        results = []
        expected = event.callIds.length
        const split = event.modelCallCount === event.callIds.length ? '' : ` → split into ${event.callIds.length}`
        const calls =
          event.callIds.length === 0 ? '' : paint(2, `  [${event.modelCallCount} call(s) from the model${split}]`)
        line(`${paint(35, 'assistant')} ${event.content ?? ''}${calls}`)
        break
      }
      case 'decision':
        line(
          paint(
            33,
            `  ${event.callId}  ${event.decision.by} → ${event.decision.action}${event.decision.message === undefined ? '' : `: ${event.decision.message}`}`,
          ),
        )
        break
      case 'dispatch':
        line(paint(2, `  ${event.callId}  ▶ ${event.tool}`))
        break
      case 'hook_error':
        line(paint(31, `  ${event.callId}  post_tool_call hook ${event.plugin} failed: ${event.message}`))
        break
      case 'result': {
        const { message } = event
        const timing = message.timing === undefined ? '' : ` ${message.timing.durationMs} ms`
        const mark = STATUS_MARK[message.status]
        const colour = message.status === 'ok' ? 32 : message.status === 'skipped' ? 2 : 31
        const firstLine = message.content.split('\n')[0] ?? ''
        line(
          `  ${paint(colour, `${mark} ${message.status}`)}  [${event.index + 1}/${expected}] ${message.toolCallId} ${message.tool ?? ''}${timing}  ${paint(2, firstLine.slice(0, 80))}`,
        )
        results.push(message)
        if (
          results.length === expected &&
          results.some((result) => result.argsSent !== undefined && result.tool !== 'tool_search')
        ) {
          const every = beforeAfterRows(results.filter((result) => result.tool !== 'tool_search'))
          const rows = options.all === true ? every : every.filter((row) => row.changed)
          const hidden = every.length - rows.length
          line()
          if (rows.length > 0) {
            for (const [index, text] of table(
              ['fix', 'call', 'tool', 'argument', 'model sent', 'tool received'],
              rows.map((row) => [
                row.fix === '' ? '-' : row.fix,
                row.callId,
                row.tool,
                row.argument,
                row.sent,
                row.received,
              ]),
            ).entries()) {
              line(`  ${index === 0 ? paint(1, text) : rows[index - 1]!.changed ? paint(33, text) : text}`)
            }
          } else {
            line('  no argument needed a fix')
          }
          if (hidden > 0) line(paint(2, `  (${hidden} unchanged argument(s) not shown; --all lists them)`))
          line()
        }
        break
      }
      case 'stopped':
        line(paint(31, `stopped: ${event.reason}`))
        break
      case 'done':
        line(paint(2, `done after ${event.rounds} model round trip(s)`))
        break
    }
  }
}
