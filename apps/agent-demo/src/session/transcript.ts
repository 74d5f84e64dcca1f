import type { Message } from '../model/types.js'
import type { StoredMessage } from '../store/types.js'

/**
 * The part of a session that a replay must reproduce exactly: every message,
 * in order, with its ids, arguments, decisions and results; without the
 * wall-clock `timing` of tool results (tools doing real I/O take different
 * times on every run). Append times (`at`) are not part of it either.
 */
export function transcriptOf(messages: readonly StoredMessage[]): Message[] {
  return messages.map(({ message }) => {
    if (message.role !== 'tool' || message.timing === undefined) return message
    const { timing: _timing, ...rest } = message
    return rest
  })
}

/** The first position where two transcripts differ, or `undefined` when identical. */
export function firstDifference(
  expected: readonly Message[],
  actual: readonly Message[],
):
  { readonly index: number; readonly expected: Message | undefined; readonly actual: Message | undefined } | undefined {
  const length = Math.max(expected.length, actual.length)
  for (let index = 0; index < length; index += 1) {
    if (JSON.stringify(expected[index]) !== JSON.stringify(actual[index])) {
      return { index, expected: expected[index], actual: actual[index] }
    }
  }
  return undefined
}
