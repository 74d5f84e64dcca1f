// Per-call cost of x-mcp-fix: the same tools/call sent by an SDK Client to a
// minimal stdio server directly, and to the same server behind the built
// proxy (dist/bin/x-mcp-fix.js). The server answers at once, so what differs
// is the proxy's hop: one more process, two more pipe writes, and for a call
// it fixes a parse, a coercion and a serialization.
//
// tools/call is a round trip through processes, not a function call: the
// synchronous runBench cannot time it, so this file times awaited calls in
// batches, the implementations taking turns batch by batch (as runBench
// does) so that a noisy moment hits both alike, and writes runBench's rows.
import { appendFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { BenchRecord } from '@x/bench-utils'

const smoke = process.env['BENCH_SMOKE'] === '1'
const rounds = smoke ? 3 : 40
const callsPerBatch = smoke ? 5 : 100
const server = fileURLToPath(new URL('../src/test-support/fixtures/echo-server.mjs', import.meta.url))
const proxy = fileURLToPath(new URL('../dist/bin/x-mcp-fix.js', import.meta.url))

async function connect(args: string[]): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' })
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'inherit' }))
  await client.listTools()
  return client
}

const direct = await connect([server])
const proxied = await connect([proxy, '--', process.execPath, server])
const prepared = await connect([proxy, '--provider', 'anthropic', '--', process.execPath, server])

type Batch = () => Promise<unknown>
const sequential =
  (client: Client, args: Record<string, unknown>): Batch =>
  async () => {
    for (let index = 0; index < callsPerBatch; index++) await client.callTool({ name: 'echo', arguments: args })
  }
const concurrent =
  (client: Client, args: Record<string, unknown>): Batch =>
  () =>
    Promise.all(Array.from({ length: callsPerBatch }, () => client.callTool({ name: 'echo', arguments: args })))

// The proxy must really fix the call it is timed on, or the case measures
// nothing: the server reports a call whose n is not a number as an error.
const fixedCall = await proxied.callTool({ name: 'echo', arguments: { n: '5', flag: 'true' } })
if (fixedCall.isError === true) throw new Error('bench: the proxy did not coerce the call')

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function measure(name: string, impls: Record<string, Batch>, note: string): Promise<BenchRecord[]> {
  const names = Object.keys(impls)
  for (const impl of names) await impls[impl]!()
  const rates = new Map(names.map((impl) => [impl, [] as number[]]))
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < names.length; turn++) {
      const impl = names[(round + turn) % names.length]!
      const start = performance.now()
      await impls[impl]!()
      rates.get(impl)!.push((callsPerBatch * 1000) / Math.max(performance.now() - start, 1e-6))
    }
  }
  const oursRate = median(rates.get('ours')!)
  return names.map((impl) => {
    const opsPerSec = Math.round(median(rates.get(impl)!))
    const ratio = impl === 'ours' ? '' : `  ours/this ${(oursRate / opsPerSec).toFixed(2)}x`
    console.log(
      `${'@x/mcp'.padEnd(16)} ${name.padEnd(40)} ${impl.padEnd(36)} ${opsPerSec.toLocaleString('en-US').padStart(14)} ops/s${ratio}`,
    )
    return { package: '@x/mcp', case: name, impl, opsPerSec, samples: rounds, note }
  })
}

const typed = { n: 5, flag: true }
const modelStyle = { n: '5', flag: 'true' }
const records = [
  ...(await measure(
    'tools/call one at a time, nothing to fix',
    { ours: sequential(proxied, typed), 'server directly': sequential(direct, typed) },
    'ours: through x-mcp-fix; an SDK Client awaits each call before the next',
  )),
  ...(await measure(
    'tools/call one at a time, call fixed',
    { ours: sequential(proxied, modelStyle), 'server directly': sequential(direct, modelStyle) },
    'the same arguments both ways: the proxy coerces them, the server alone answers with an error result',
  )),
  ...(await measure(
    'tools/call one at a time, --provider anthropic',
    { ours: sequential(prepared, modelStyle), 'server directly': sequential(direct, modelStyle) },
    'ours: the list rewritten for the provider and each call restored with restoreCall',
  )),
  ...(await measure(
    `tools/call ${callsPerBatch} in flight, call fixed`,
    { ours: concurrent(proxied, modelStyle), 'server directly': concurrent(direct, modelStyle) },
    'all calls of a batch sent before the first answer',
  )),
]
await Promise.all([direct.close(), proxied.close(), prepared.close()])

const out = process.env['BENCH_OUT']
if (out) appendFileSync(out, records.map((record) => JSON.stringify(record)).join('\n') + '\n')
