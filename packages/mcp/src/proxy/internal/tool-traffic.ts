/**
 * What the proxy changes about tools, and nothing else: the tools a
 * `tools/list` result advertises, and the name and arguments of a
 * `tools/call` request. Everything else about the message (id, `_meta`,
 * a progress token, other fields) is kept.
 */
export interface ToolFix {
  /** The tools of one `tools/list` page as the host should see them; the very same array when nothing changes. */
  listed(tools: readonly unknown[], firstPage: boolean): readonly unknown[]
  /** The call as the server expects it; `undefined` to forward the request unchanged (unknown tool, nothing to restore). */
  restore(name: string, args: unknown): { readonly name: string; readonly arguments: unknown } | undefined
}

type Message = Record<string, unknown>

/**
 * The two message filters of the proxy, one per direction. Each takes one
 * line (bytes, newline included) and returns the very same buffer unless the
 * message is a tool message to rewrite. Lines are parsed only when they can
 * be such a message: most traffic is never parsed at all.
 */
export function toolTraffic(fix: ToolFix): { fromHost(line: Buffer): Buffer; fromServer(line: Buffer): Buffer } {
  // Ids of the host's pending `tools/list` requests (typed: `1` and `"1"`
  // are different ids), with whether each asked for the first page.
  const pendingLists = new Map<string, boolean>()
  return {
    fromHost(line) {
      // A JSON string may escape "/" as "\/": a method written that way is
      // still "tools/...".
      if (line.indexOf('tools/') === -1 && line.indexOf('tools\\/') === -1) return line
      const message = parseObject(line)
      if (message === undefined || !Object.hasOwn(message, 'id')) return line
      const params = isRecord(message['params']) ? message['params'] : undefined
      if (message['method'] === 'tools/list') {
        pendingLists.set(idKey(message['id']), params?.['cursor'] === undefined)
        return line
      }
      if (message['method'] !== 'tools/call' || params === undefined || typeof params['name'] !== 'string') return line
      const restored = fix.restore(params['name'], params['arguments'])
      if (restored === undefined) return line
      return serialize({ ...message, params: { ...params, name: restored.name, arguments: restored.arguments } })
    },
    fromServer(line) {
      // `notifications/tools/list_changed` goes through like any message: the
      // host lists again, and that answer replaces the tools. Until then,
      // calls are restored against the tools the model was shown.
      if (pendingLists.size === 0) return line
      const message = parseObject(line)
      if (message === undefined) return line
      if (Object.hasOwn(message, 'method') || !Object.hasOwn(message, 'id')) return line
      const key = idKey(message['id'])
      const firstPage = pendingLists.get(key)
      if (firstPage === undefined) return line
      pendingLists.delete(key)
      const result = message['result']
      if (!isRecord(result) || !Array.isArray(result['tools'])) return line
      const tools = fix.listed(result['tools'], firstPage)
      if (tools === result['tools']) return line
      return serialize({ ...message, result: { ...result, tools } })
    },
  }
}

function parseObject(line: Buffer): Message | undefined {
  try {
    const value: unknown = JSON.parse(line.toString('utf8'))
    return isRecord(value) ? value : undefined
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function idKey(id: unknown): string {
  return `${typeof id}:${String(id)}`
}

function serialize(message: Message): Buffer {
  return Buffer.from(`${JSON.stringify(message)}\n`, 'utf8')
}
