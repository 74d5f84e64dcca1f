import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'

/**
 * Serve `server` over this process's stdin/stdout until the client goes away.
 *
 * The SDK's stdio transport never notices that stdin ended, so a server whose
 * client closed (or crashed) would linger: we exit as soon as stdin ends or
 * the transport closes, after `onClose` released the server's own resources
 * (a SQLite handle, say).
 */
export async function runStdioServer(server: McpServer, onClose: () => void = () => {}): Promise<void> {
  let closed = false
  const shutdown = (): void => {
    if (closed) return
    closed = true
    try {
      onClose()
    } finally {
      void server.close().finally(() => process.exit(0))
    }
  }
  process.stdin.once('end', shutdown)
  process.stdin.once('close', shutdown)
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)
  await server.connect(new StdioServerTransport())
}
