import { describe, expect, it } from 'vitest'
import { coercionFix } from './coercion-fix.js'
import { toolTraffic } from './tool-traffic.js'

const tools = [
  { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'integer' }, on: { type: 'boolean' } } } },
]
const line = (message: unknown): Buffer => Buffer.from(`${JSON.stringify(message)}\n`)
const parsed = (buffer: Buffer): unknown => JSON.parse(buffer.toString('utf8'))

function listed(): ReturnType<typeof toolTraffic> {
  const traffic = toolTraffic(coercionFix())
  traffic.fromHost(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))
  traffic.fromServer(line({ jsonrpc: '2.0', id: 1, result: { tools } }))
  return traffic
}

describe('toolTraffic with coercion', () => {
  it.each([
    ['a notification', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } }],
    ['a resources request', { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'file:///tools/call' } }],
    [
      'a call that needs nothing',
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 1 } } },
    ],
    [
      'a call of an unknown tool',
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'nope', arguments: { a: '1' } } },
    ],
    [
      'a call with arguments that cannot be read',
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'add', arguments: { a: 'one' } } },
    ],
    [
      'a tools/call notification (no id)',
      { jsonrpc: '2.0', method: 'tools/call', params: { name: 'add', arguments: { a: '1' } } },
    ],
    ['a batch', [{ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'add', arguments: { a: '1' } } }]],
  ])('forwards %s from the host as the very same bytes', (_label, message) => {
    const input = line(message)
    expect(listed().fromHost(input)).toBe(input)
  })

  it('forwards a line that is not JSON unchanged', () => {
    const input = Buffer.from('tools/call {oops\n')
    expect(listed().fromHost(input)).toBe(input)
  })

  it('coerces a call and keeps its id, _meta and other fields', () => {
    const input = line({
      jsonrpc: '2.0',
      id: 'x',
      method: 'tools/call',
      params: { name: 'add', arguments: { a: '5', on: 'false' }, _meta: { progressToken: 'p' } },
    })
    expect(parsed(listed().fromHost(input))).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      method: 'tools/call',
      params: { name: 'add', arguments: { a: 5, on: false }, _meta: { progressToken: 'p' } },
    })
  })

  it('reads a method written with an escaped slash', () => {
    const input = Buffer.from(
      '{"jsonrpc":"2.0","id":1,"method":"tools\\/call","params":{"name":"add","arguments":{"a":"5"}}}\n',
    )
    expect(parsed(listed().fromHost(input))).toMatchObject({ params: { arguments: { a: 5 } } })
  })

  it('learns tools only from the answer to a tools/list request, matched by id and id type', () => {
    const traffic = toolTraffic(coercionFix())
    traffic.fromHost(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))
    // "1" is not the id 1: this is not the list's answer.
    traffic.fromServer(line({ jsonrpc: '2.0', id: '1', result: { tools } }))
    const call = line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: '5' } } })
    expect(traffic.fromHost(call)).toBe(call)
    traffic.fromServer(line({ jsonrpc: '2.0', id: 1, result: { tools } }))
    expect(parsed(traffic.fromHost(call))).toMatchObject({ params: { arguments: { a: 5 } } })
  })

  it('forwards server lines unchanged when coercion leaves the list as listed', () => {
    const traffic = toolTraffic(coercionFix())
    traffic.fromHost(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }))
    const answer = line({ jsonrpc: '2.0', id: 1, result: { tools } })
    expect(traffic.fromServer(answer)).toBe(answer)
    const notification = line({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })
    expect(traffic.fromServer(notification)).toBe(notification)
  })

  it('never changes the message it parsed from (input buffers stay as they were)', () => {
    const input = line({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'add', arguments: { a: '5' } } })
    const copy = Buffer.from(input)
    listed().fromHost(input)
    expect(input.equals(copy)).toBe(true)
  })
})
