import type { ToolEntry } from '../tools/types.js'

/**
 * Wraps tools so each call takes `latency` ms and honours the stop signal:
 * lets a person press Ctrl-C or type `/stop` in the middle of a batch. Not
 * used by tests or replays (timers are not deterministic).
 */
export function withLatency(tools: readonly ToolEntry[], latency: number): ToolEntry[] {
  if (latency <= 0) return [...tools]
  return tools.map((tool) => ({
    ...tool,
    handler: (args, context) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          context.signal.removeEventListener('abort', onAbort)
          tool.handler(args, context).then(resolve, reject)
        }, latency)
        const onAbort = (): void => {
          clearTimeout(timer)
          reject(new Error('stopped'))
        }
        if (context.signal.aborted) onAbort()
        else context.signal.addEventListener('abort', onAbort, { once: true })
      }),
  }))
}
