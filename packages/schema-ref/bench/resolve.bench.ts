// Local `$ref` resolution against @apidevtools/json-schema-ref-parser's
// `dereference` (external refs off, input not mutated) on the same documents.
// The peer does more work: it is async, clones the document and replaces
// every `$ref` of the whole document, where we resolve the nodes asked for.
// runBench times sync functions, so the peer is timed here by a loop of
// awaited calls and its rows are appended to BENCH_OUT in runBench's format.
import { appendFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import $RefParser from '@apidevtools/json-schema-ref-parser'
import type { ParserOptions } from '@apidevtools/json-schema-ref-parser'
import { runBench } from '@x/bench-utils'
import type { BenchRecord } from '@x/bench-utils'
import { createRefResolver, resolveLocalSchemaRef } from '../dist/index.js'

const PACKAGE = '@x/schema-ref'
const PEER = '@apidevtools/json-schema-ref-parser'
const smoke = process.env['BENCH_SMOKE'] === '1'
const budgetMs = Number(process.env['BENCH_TIME_MS'] ?? (smoke ? 20 : 800))

type Json = Record<string, unknown>

// 1,000 definitions, each referenced by one property.
const wideDefs: Json = {}
const wideProperties: Json = {}
for (let index = 0; index < 1000; index++) {
  wideDefs[`d${index}`] = { type: 'integer', description: `field ${index}` }
  wideProperties[`p${index}`] = { $ref: `#/$defs/d${index}` }
}
const wideNodes = Object.values(wideProperties)
const wide = { type: 'object', $defs: wideDefs, properties: wideProperties }

// d0 -> d1 -> ... -> d999 -> { type: integer }.
const chainDefs: Json = {}
for (let index = 0; index < 1000; index++) chainDefs[`d${index}`] = { $ref: `#/$defs/d${index + 1}` }
chainDefs['d1000'] = { type: 'integer' }
const chainEntry = { $ref: '#/$defs/d0' }
const chain = { type: 'object', $defs: chainDefs, properties: { value: chainEntry } }

// One ref with a sibling (so resolving it merges a new object).
const oneNode = { $ref: '#/$defs/Address', description: 'Where invoices go' }
const one = {
  type: 'object',
  $defs: { Address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
  properties: { billing: oneNode },
}

// A new root object each call makes every call a first resolution: the
// caches are keyed by the root object. The subtrees are shared, not copied.
const oursWide = () => {
  const root = { ...wide }
  return wideNodes.map((node) => resolveLocalSchemaRef(root, node))
}
const oursChain = () => resolveLocalSchemaRef({ ...chain }, chainEntry)
const oursFirst = () => resolveLocalSchemaRef({ ...one }, oneNode)
const warm = createRefResolver(one)
const oursCached = () => warm.resolve(oneNode)

// preservedProperties keeps a description beside a $ref, as we do, so the
// answers can be compared.
const peerOptions: ParserOptions = {
  resolve: { external: false },
  mutateInputSchema: false,
  dereference: { maxDepth: 5000, preservedProperties: ['description'] },
}
const peer = (schema: object) => $RefParser.dereference(schema, peerOptions) as Promise<Json>

// Same answers before timing. Each first peer call is timed: on the chain it
// takes seconds, and that one call is then its only sample.
async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now()
  const result = await fn()
  return { result, ms: performance.now() - start }
}
const { result: peerWide, ms: peerWideMs } = await timed(() => peer(wide))
const { result: peerChain, ms: peerChainMs } = await timed(() => peer(chain))
const { result: peerOne, ms: peerOneMs } = await timed(() => peer(one))
const properties = (schema: Json) => schema['properties'] as Json
if (!isDeepStrictEqual(oursWide(), Object.values(properties(peerWide)))) throw new Error('wide: answers differ')
if (!isDeepStrictEqual(oursChain(), properties(peerChain)['value'])) throw new Error('chain: answers differ')
if (!isDeepStrictEqual(oursFirst(), properties(peerOne)['billing'])) throw new Error('first: answers differ')
if (!isDeepStrictEqual(oursCached(), oursFirst())) throw new Error('cached: answers differ')

const note = `${PEER} is async, clones the document and dereferences all of it (ours resolves the nodes asked for); timed with awaited calls`
runBench(PACKAGE, [
  { name: 'resolve 1,000 distinct refs (first time)', impls: { ours: oursWide }, note },
  { name: 'resolve a 1,000-long chain (first time)', impls: { ours: oursChain }, note },
  { name: 'resolve one ref with a sibling (first time)', impls: { ours: oursFirst }, note },
  {
    name: 'resolve the same ref again (cache hit)',
    impls: { ours: oursCached },
    note: `${PEER} has no cache: each call dereferences again`,
  },
])

async function measureAsync(
  name: string,
  fn: () => Promise<unknown>,
  caseNote: string,
  firstMs: number,
): Promise<void> {
  const rates: number[] = []
  // A peer call that takes more than a second is not repeated on a shared
  // machine: its first (verification) call is the one sample.
  if (firstMs > 1000) rates.push(1000 / firstMs)
  else for (let index = 0; index < 5; index++) await fn()
  const end = performance.now() + budgetMs
  while (rates.length === 0 || (firstMs <= 1000 && (performance.now() < end || rates.length < 3))) {
    let calls = 0
    const start = performance.now()
    while (performance.now() - start < (smoke ? 2 : 10)) {
      await fn()
      calls++
    }
    rates.push((calls * 1000) / (performance.now() - start))
  }
  rates.sort((a, b) => a - b)
  const middle = rates.length >> 1
  const median = rates.length % 2 === 1 ? rates[middle]! : (rates[middle - 1]! + rates[middle]!) / 2
  const record: BenchRecord = {
    package: PACKAGE,
    case: name,
    impl: PEER,
    opsPerSec: median >= 100 ? Math.round(median) : Number(median.toFixed(2)),
    samples: rates.length,
    note: caseNote,
  }
  console.log(
    `${PACKAGE.padEnd(16)} ${name.padEnd(40)} ${PEER.padEnd(36)} ${record.opsPerSec.toLocaleString('en-US').padStart(14)} ops/s  (${rates.length} samples)`,
  )
  const out = process.env['BENCH_OUT']
  if (out) appendFileSync(out, JSON.stringify(record) + '\n')
}

await measureAsync('resolve 1,000 distinct refs (first time)', () => peer(wide), note, peerWideMs)
await measureAsync(
  'resolve a 1,000-long chain (first time)',
  () => peer(chain),
  `${note}; one call takes seconds, so it is timed once`,
  peerChainMs,
)
await measureAsync('resolve one ref with a sibling (first time)', () => peer(one), note, peerOneMs)
await measureAsync(
  'resolve the same ref again (cache hit)',
  () => peer(one),
  `${PEER} has no cache: each call dereferences again`,
  peerOneMs,
)
