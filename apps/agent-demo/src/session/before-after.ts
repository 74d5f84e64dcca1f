import type { ToolMessage } from '../model/types.js'
import type { JsonValue } from '../tools/types.js'

/** One row of the before/after table: an argument as the model sent it and as the tool received it. */
export interface BeforeAfterRow {
  readonly callId: string
  readonly tool: string
  /** Dotted path; `sent → received` where the name was restored. */
  readonly argument: string
  readonly sent: string
  readonly received: string
  readonly changed: boolean
  /**
   * What changed, in words that survive a pipe and `NO_COLOR`: `coerced`
   * (the value), `renamed` (the key restored), `renamed, coerced`,
   * `removed` / `added` (a key only one side has), or `changed` (a whole
   * value replaced); empty when nothing did.
   */
  readonly fix: string
}

const isRecord = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const show = (value: JsonValue | undefined): string => (value === undefined ? '—' : JSON.stringify(value))

const join = (prefix: string, name: string): string => (prefix === '' ? name : `${prefix}.${name}`)
// How a sanitized name relates to the declared one (`first_name` / `first name`).
const loose = (name: string): string => name.replace(/[^A-Za-z0-9]+/gu, '_').toLowerCase()

// Coercion keeps keys and order and unmapping renames in place, so the two
// objects line up position by position. Where they do not (a hook changed
// the arguments, a provider's restore dropped strict mode's nulls), keys
// are paired by name, loosely, and the rest are rows of their own.
function walk(
  path: string,
  renamed: string,
  sent: JsonValue | undefined,
  received: JsonValue | undefined,
  rows: Omit<BeforeAfterRow, 'callId' | 'tool'>[],
): void {
  if (isRecord(sent) && isRecord(received)) {
    const sentEntries = Object.entries(sent)
    const receivedEntries = Object.entries(received)
    if (sentEntries.length === receivedEntries.length) {
      receivedEntries.forEach(([key, value], index) => {
        const [sentKey, sentValue] = sentEntries[index]!
        walk(join(path, sentKey), join(renamed, key), sentValue, value, rows)
      })
      return
    }
    const unpaired = new Set(receivedEntries.map(([key]) => key))
    for (const [sentKey, sentValue] of sentEntries) {
      const key = unpaired.has(sentKey)
        ? sentKey
        : [...unpaired].find((candidate) => loose(candidate) === loose(sentKey))
      if (key === undefined) {
        rows.push({
          argument: join(path, sentKey),
          sent: show(sentValue),
          received: show(undefined),
          changed: true,
          fix: 'removed',
        })
        continue
      }
      unpaired.delete(key)
      walk(join(path, sentKey), join(renamed, key), sentValue, received[key], rows)
    }
    for (const key of unpaired)
      rows.push({
        argument: join(renamed, key),
        sent: show(undefined),
        received: show(received[key]),
        changed: true,
        fix: 'added',
      })
    return
  }
  // An entry that never reached normalization has nothing received: not a change.
  const coerced = received !== undefined && JSON.stringify(sent) !== JSON.stringify(received)
  const isRenamed = path !== renamed
  const fix =
    isRenamed && coerced
      ? 'renamed, coerced'
      : isRenamed
        ? 'renamed'
        : coerced
          ? path === ''
            ? 'changed'
            : 'coerced'
          : ''
  rows.push({
    argument: isRenamed ? `${path} → ${renamed}` : path || '(all)',
    sent: show(sent),
    received: show(received),
    changed: fix !== '',
    fix,
  })
}

/**
 * The before/after table for a turn's results: per entry, every
 * argument leaf as the model sent it and as the tool received it. Entries
 * that never reached argument normalization (out of scope, malformed) have
 * no "received" column.
 */
export function beforeAfterRows(results: readonly ToolMessage[]): BeforeAfterRow[] {
  const rows: BeforeAfterRow[] = []
  for (const result of results) {
    const tool = result.tool ?? '?'
    const entryRows: Omit<BeforeAfterRow, 'callId' | 'tool'>[] = []
    walk('', '', result.argsSent, result.argsReceived, entryRows)
    for (const row of entryRows) rows.push({ callId: result.toolCallId, tool, ...row })
  }
  return rows
}
