// Pathological inputs a model (or a replayed transcript) can send: thousands
// of calls sharing one id. The id repair must stay linear; these rows show a
// regression as a collapse of ours against the floor beside it (copying each
// call with a fresh suffix, the least any repair must do).
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { runBench } from '@x/bench-utils'
import type { BenchCase } from '@x/bench-utils'
import { expandLocalToolBatches } from '../dist/index.js'

const CALLS = 8_000

const plain = Array.from({ length: CALLS }, (_, index) => ({
  id: 'call_same',
  type: 'function' as const,
  function: { name: 'mcp__files__read', arguments: `{"path":"f${index}"}` },
}))
const batches = Array.from({ length: CALLS / 2 }, (_, index) => ({
  id: 'call_same',
  type: 'function' as const,
  function: {
    name: 'tool_call',
    arguments: JSON.stringify({
      calls: [
        { name: 'a', arguments: { n: index } },
        { name: 'b', arguments: {} },
      ],
    }),
  },
}))
// Kimi-style ids are rejected by every provider: each repeat gets a derived (hashed) id.
const rejected = plain.map((one) => ({ ...one, id: 'functions.read:0' }))

// The floor: one copy per repeat with its suffix, no uniqueness check at all.
const floor = (calls: ReadonlyArray<{ id: string }>) =>
  calls.map((one, index) => (index === 0 ? one : { ...one, id: `${one.id}_d${index + 1}` }))

// Memory is reported, not timed: heap growth from one run, measured after a
// full collection on both sides, so it counts what the result keeps alive.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
function heapNote(run: () => unknown): string {
  gc()
  const before = process.memoryUsage().heapUsed
  const kept = run()
  gc()
  const after = process.memoryUsage().heapUsed
  if (kept === undefined) throw new Error('no result')
  return `heap +${((after - before) / 1024 / 1024).toFixed(1)} MB kept by the result`
}

function check(label: string, ids: readonly string[], expected: number): void {
  if (ids.length !== expected || new Set(ids).size !== expected) throw new Error(`${label}: ids are not unique`)
}

function scenario(
  label: string,
  calls: ReadonlyArray<{ id: string }>,
  children: number,
  options?: { provider: 'mistral' },
): BenchCase {
  const ours = () => expandLocalToolBatches(calls as typeof plain, options)
  check(
    label,
    ours().toolCalls.map((one) => one.id),
    children,
  )
  return {
    name: `hostile: ${label}`,
    impls: { ours, 'baseline:copy+suffix': () => floor(calls) },
    note: `${CALLS} calls; ${heapNote(ours)}; baseline = one copy per repeat with a suffix, no uniqueness check`,
  }
}

runBench('@x/batch-split', [
  scenario('8,000 calls sharing one id', plain, CALLS),
  scenario('4,000 batches of two sharing one id', batches, CALLS),
  scenario('8,000 calls sharing a rejected id (derived repairs)', rejected, CALLS),
  scenario('8,000 calls sharing one id, Mistral ids', plain, CALLS, { provider: 'mistral' }),
])
