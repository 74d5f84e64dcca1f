import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

/** A client end that speaks raw JSON-RPC to an in-memory server: what the server sent, unparsed. */
export interface RawSession {
  /** Sends one request and resolves with the response carrying its id, exactly as the server sent it. */
  request(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>
  close(): Promise<void>
}

/** Connects `server` to a raw client end and runs the initialize handshake. */
export async function rawSession(server: McpServer): Promise<RawSession> {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
  const waiting = new Map<number, (message: Record<string, unknown>) => void>()
  clientEnd.onmessage = (message: JSONRPCMessage) => {
    const record = message as Record<string, unknown>
    const resolve = typeof record['id'] === 'number' ? waiting.get(record['id']) : undefined
    if (resolve) resolve(JSON.parse(JSON.stringify(record)) as Record<string, unknown>)
  }
  await server.connect(serverEnd)
  await clientEnd.start()
  let nextId = 1
  const request = (method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> => {
    const id = nextId++
    const answer = new Promise<Record<string, unknown>>((resolve) => waiting.set(id, resolve))
    void clientEnd.send({ jsonrpc: '2.0', id, method, params })
    return answer
  }
  await request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '0' },
  })
  await clientEnd.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
  return { request, close: () => server.close() }
}
